#!/usr/bin/env bash
# Installs what the app needs to build, run and be tested, and only what is missing:
# the Debian packages of ../shared/TAURI-NOTES.md and tauri-driver for the end-to-end test.
# Idempotent: a second run installs nothing. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(build-essential python3 pkg-config libwebkit2gtk-4.1-dev xvfb xauth dbus-daemon webkit2gtk-driver chromium)
missing=()
for p in "${packages[@]}"; do
    if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
        missing+=("$p")
    fi
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}"
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
        "${missing[@]}"
fi

# tauri-driver bridges WebDriver to WebKitWebDriver for the end-to-end test.
if [[ "${SETUP_E2E:-1}" == 1 ]] && ! command -v tauri-driver >/dev/null 2>&1 \
    && [[ ! -x "$HOME/.cargo/bin/tauri-driver" ]]; then
    echo "setup: installing tauri-driver 2.1.0"
    cargo install --locked tauri-driver --version 2.1.0
fi
