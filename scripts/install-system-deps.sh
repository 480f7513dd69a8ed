#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium (for the
# browser tests, driven by playwright-core; never a browser download of its own) and the
# PostgreSQL 15 server binaries (for the throwaway cluster of the PostgreSQL test run).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/initdb ] || need+=(postgresql-15)
if [ ${#need[@]} -eq 0 ]; then
  echo "system deps: already installed"
  exit 0
fi
echo "system deps: installing ${need[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
