#!/usr/bin/env bash
# The test suite drives Debian's Chromium (the journeys its headless shell) and a real PostgreSQL server, draws CJK
# text, and speaks test audio with espeak-ng, and keeps a Redis server at hand for the shared rate counters and
# pub/sub, and starts the image's server with jemalloc (scripts/run-node.sh); install what is missing from apt.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
command -v redis-server >/dev/null || missing+=(redis-server)
ls /usr/lib/*-linux-gnu/libjemalloc.so.2 >/dev/null 2>&1 || missing+=(libjemalloc2)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  # Without the headless shell alone the journeys fall back to the whole browser (e2e/support/browser.ts), slower.
  [ "${missing[*]}" = chromium-headless-shell ] && exit 0
  exit 1
fi
echo "Installing system packages from apt: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
