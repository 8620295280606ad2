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
# No import circle among the modules of any crate, and nothing below the app's commands uses
# them (ARCHITECTURE.md, "Layers").
step python3 scripts/layers.py
step node scripts/imports.mjs
step cargo clippy --workspace --all-targets --locked -- -D warnings
step cargo test --workspace --locked
# The UI's tests run in Debian's Chromium through playwright-core (which downloads no browser).
step npm ci --no-audit --no-fund
# ESLint over ui/ and tests/ (eslint.config.js): no error and no warning.
step npx eslint --max-warnings 0 .
step node --test tests/ui/
# The real app through tauri-driver and WebKitWebDriver, one file at a time (each starts its
# own app and driver). The binary is target/debug/carcassonne-app as `cargo test` built it for
# the app's integration tests: a separate `cargo build` would compile the Tauri graph a second
# time (without the `test` feature that the tests enable).
# They run on a private D-Bus session bus, so the single-instance plugin hands a second launch
# over to the first window; then the second-launch test runs again without a bus, where the
# data folder's lock refuses the second app.
test -x target/debug/carcassonne-app
step dbus-run-session -- xvfb-run -a node --test --test-concurrency=1 tests/e2e/
step env -u DBUS_SESSION_BUS_ADDRESS xvfb-run -a node --test tests/e2e/single-instance.test.js
