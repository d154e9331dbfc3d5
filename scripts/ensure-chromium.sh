#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the end-to-end tests (CHROMIUM_PATH overrides).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium not found at $bin; install it (apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Chromium (apt-get)…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
