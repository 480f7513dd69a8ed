#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL 15, then removes it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
DATABASE_URL=$("$here/pg-throwaway.sh" start)
export DATABASE_URL
trap '"$here/pg-throwaway.sh" stop' EXIT
"$@"
