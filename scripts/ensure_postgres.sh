#!/usr/bin/env bash
# Make sure Debian's PostgreSQL server binaries are on the machine for the class-mode tests
# (tests/classroom start their own server in a temporary directory; nothing is configured
# system-wide). Uses the system package manager only, as ensure_chromium.sh does.
set -u
for c in /usr/lib/postgresql/*/bin/initdb; do
  if [ -x "$c" ]; then exit 0; fi
done
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "postgresql is missing and this user cannot install it; PostgreSQL tests will be skipped" >&2
    exit 0
  fi
fi
if command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's postgresql for the class-mode tests..." >&2
  $SUDO apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null 2>&1 \
    || echo "could not install postgresql; PostgreSQL tests will be skipped (a failure under CI=true)" >&2
else
  echo "no apt-get here; install postgresql by hand for the class-mode tests" >&2
fi
exit 0
