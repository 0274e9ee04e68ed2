#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end tests when missing (Playwright cannot download a browser here).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "[ensure-chromium] installing chromium with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version
