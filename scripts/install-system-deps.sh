#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium (for the
# browser tests, driven by playwright-core; never a browser download of its own), the two other
# engines the offline journeys also run in (WebKitGTK's MiniBrowser with its WebDriver server, on
# an X server of its own from xvfb; Firefox ESR, which speaks WebDriver BiDi itself), and the
# PostgreSQL 15 server binaries (for the throwaway cluster of the PostgreSQL test run), and
# poppler's pdftotext (an independent reader of the invoice PDF: what a school's viewer extracts),
# and nginx (the reverse proxy in front of two server instances in the cluster tests; run by the
# tests as a foreground process of their own, never as the system's service).
# `npm test` runs it first: silent when everything is there; where it cannot install (no apt-get,
# or not root and no password-less sudo) it stops at once and names the one command to run.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v WebKitWebDriver >/dev/null 2>&1 || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v firefox-esr >/dev/null 2>&1 || need+=(firefox-esr)
[ -x "${PG_BIN:-/usr/lib/postgresql/15/bin}/initdb" ] || need+=(postgresql-15)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
{ command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; } || need+=(nginx-light)
[ ${#need[@]} -eq 0 ] && exit 0

cannot() {
  echo "The tests need ${need[*]} (Debian packages), and $1." >&2
  echo "Run this once, then run the tests again:" >&2
  echo "  sudo bash scripts/install-system-deps.sh" >&2
  exit 1
}
command -v apt-get >/dev/null 2>&1 || cannot "this machine has no apt-get to install them (install them with its package manager)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  sudo -n true 2>/dev/null || cannot "installing them needs root"
  SUDO="sudo -n"
fi
echo "Installing ${need[*]} from Debian's packages (once)..."
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "Installed ${need[*]}."
