#!/usr/bin/env bash
# Every test of the project: formatting, lints, the Rust test suites, the UI's browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked
# The UI's tests run in Debian's Chromium through playwright-core (which downloads no browser).
[[ -x /usr/bin/chromium ]] || SETUP_E2E=0 ./scripts/setup.sh
npm ci --no-audit --no-fund
node --test tests/ui/
