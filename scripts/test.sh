#!/usr/bin/env bash
# Every test of the project: formatting, lints, the Rust test suites, the UI's browser tests,
# and the real app end to end under Xvfb. Installs what is missing first (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked
# The UI's tests run in Debian's Chromium through playwright-core (which downloads no browser).
npm ci --no-audit --no-fund
node --test tests/ui/
# The real app (target/debug/carcassonne-app, built by the tests above) through tauri-driver
# and WebKitWebDriver, one file at a time (each starts its own app and driver).
cargo build -p carcassonne-app --locked
xvfb-run -a node --test --test-concurrency=1 tests/e2e/
