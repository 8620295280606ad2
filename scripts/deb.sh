#!/usr/bin/env bash
# Builds the installable Debian package with Tauri's bundler (release build):
# target/release/bundle/deb/Carcassonne_<version>_<arch>.deb. Installs tauri-cli if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SETUP_E2E=0 ./scripts/setup.sh
if ! cargo tauri --version >/dev/null 2>&1; then
    cargo install tauri-cli --version "^2" --locked
fi
# The shipped binary carries no debug info (the release profile keeps line tables for
# profiling: 72 MB against 11.6 MB stripped).
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=symbols
cd src-tauri
cargo tauri build --bundles deb
ls -l ../target/release/bundle/deb/*.deb
