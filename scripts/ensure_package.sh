#!/usr/bin/env bash
# Make sure a Debian package some tests need is on the machine:
#   ensure_package.sh PACKAGE "WHAT NEEDS IT" PROBE...
# Exits at once when one of the PROBE files exists; otherwise installs PACKAGE with the
# system package manager (root or password-less sudo). Never downloads anything of its own.
# Always exits 0: the tests that need the package fail under CI=true when it is still missing.
set -u
pkg=$1
what=$2
shift 2
for c in "$@"; do
  if [ -e "$c" ]; then exit 0; fi
done
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "$pkg is missing and this user cannot install it; $what will be skipped" >&2
    exit 0
  fi
fi
if command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's $pkg for $what..." >&2
  $SUDO apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$pkg" >/dev/null 2>&1 \
    || echo "could not install $pkg; $what will be skipped (a failure under CI=true)" >&2
else
  echo "no apt-get here; install $pkg by hand for $what" >&2
fi
exit 0
