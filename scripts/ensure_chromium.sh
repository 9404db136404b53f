#!/usr/bin/env bash
# Make sure Debian's chromium is on the machine for the browser tests.
# Never downloads a browser of its own: it uses the system package manager.
set -u
for c in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -x "$c" ]; then exit 0; fi
done
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "chromium is missing and this user cannot install it; browser tests will be skipped" >&2
    exit 0
  fi
fi
if command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests..." >&2
  $SUDO apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null 2>&1 \
    || echo "could not install chromium; browser tests will be skipped (a failure under CI=true)" >&2
else
  echo "no apt-get here; install chromium by hand for the browser tests" >&2
fi
exit 0
