#!/usr/bin/env bash
# The app's speed as a player feels it (tests/bench/app.js): launch to an interactive start
# screen, to a resumed board, memory idle and after a 6-player game, and the AI's decision
# times in the app. Builds the app as scripts/run.sh runs it (the dev profile, engine and AI
# optimised), or with `--release` the shipped app (the release profile with the UI embedded,
# as the .deb and .rpm install it). Other arguments go to the script, e.g.
# `scripts/bench-app.sh --release --level hard`.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
if [[ "${1:-}" == --release ]]; then
    shift
    # As scripts/deb.sh and scripts/rpm.sh build it: no debug info.
    export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=symbols
    cargo build --release -p carcassonne-app --features custom-protocol
    export CARCASSONNE_APP="$PWD/target/release/carcassonne-app"
else
    cargo build -p carcassonne-app
fi
[[ -d node_modules ]] || npm ci --no-audit --no-fund
exec dbus-run-session -- xvfb-run -a node tests/bench/app.js "$@"
