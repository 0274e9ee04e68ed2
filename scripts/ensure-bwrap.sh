#!/usr/bin/env bash
# Installs Debian's bubblewrap (bwrap) when missing: Edge Functions run their Deno workers and
# their deploy's bundler inside it, so a function sees none of the machine's files
# (server/functions/runtime/). Without root, says what to do and goes on: the dashboard
# starts, and functions answer 503 naming what is missing.
set -uo pipefail
if command -v bwrap >/dev/null 2>&1; then bwrap --version; exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[ensure-bwrap] installing bubblewrap with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  (apt-get install -y -qq bubblewrap >/dev/null 2>&1 || (apt-get update -qq >/dev/null && apt-get install -y -qq bubblewrap >/dev/null)) && bwrap --version && exit 0
fi
echo "[ensure-bwrap] bubblewrap (bwrap) is missing: install it (Debian/Ubuntu: apt-get install bubblewrap) to run Edge Functions" >&2
exit 0
