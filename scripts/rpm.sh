#!/usr/bin/env bash
# Builds the RPM package with Tauri's bundler (release build), beside the .deb of
# scripts/deb.sh: target/release/bundle/rpm/Carcassonne-<version>-1.<arch>.rpm. Installs
# tauri-cli if missing. Tauri's bundler writes the RPM itself (no rpmbuild needed); `rpm`
# (Debian's package of it) only reads it: `rpm -qip`, `rpm -qpR`, `rpm -qpl` (README).
set -euo pipefail
cd "$(dirname "$0")/.."
SETUP_E2E=0 ./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
if ! cargo tauri --version >/dev/null 2>&1; then
    cargo install tauri-cli --version "^2" --locked
fi
# The shipped binary carries no debug info (the release profile keeps line tables for
# profiling: 72 MB against 11.6 MB stripped).
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=symbols
cd src-tauri
cargo tauri build --bundles rpm
ls -l ../target/release/bundle/rpm/*.rpm
