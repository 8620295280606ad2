#!/usr/bin/env bash
# Installs what is missing (Debian packages, see ../shared/TAURI-NOTES.md) and starts the app.
set -euo pipefail
cd "$(dirname "$0")/.."
SETUP_E2E=0 ./scripts/setup.sh
exec cargo run -p carcassonne-app "$@"
