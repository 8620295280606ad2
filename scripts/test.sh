#!/usr/bin/env bash
# Every test of the project: formatting, lints, the Rust test suites, the UI's browser tests,
# and the real app end to end under Xvfb. Installs what is missing first (scripts/setup.sh).
# Each step prints how long it took, so a slow CI run shows where its time went.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() {
    local t=$SECONDS
    "$@"
    echo "test.sh: $((SECONDS - t)) s for: $* (total $((SECONDS - start)) s)"
}
step ./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
step cargo fmt --all --check
step cargo clippy --workspace --all-targets --locked -- -D warnings
step cargo test --workspace --locked
# The UI's tests run in Debian's Chromium through playwright-core (which downloads no browser).
step npm ci --no-audit --no-fund
step node --test tests/ui/
# The real app through tauri-driver and WebKitWebDriver, one file at a time (each starts its
# own app and driver). The binary is target/debug/carcassonne-app as `cargo test` built it for
# the app's integration tests: a separate `cargo build` would compile the Tauri graph a second
# time (without the `test` feature that the tests enable).
test -x target/debug/carcassonne-app
step xvfb-run -a node --test --test-concurrency=1 tests/e2e/
