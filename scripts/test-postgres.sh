#!/usr/bin/env bash
# The API suite again on a real PostgreSQL 15 (throwaway cluster on 127.0.0.1), then two server
# instances on one PostgreSQL behind nginx (the cluster tests: tests/cluster, each starting its
# own throwaway cluster). Where the PostgreSQL binaries or nginx are missing on a developer
# machine this says so and skips that part; in CI it fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "${PG_BIN:-/usr/lib/postgresql/15/bin}/initdb" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL 15 binaries are missing: run scripts/install-system-deps.sh" >&2
    exit 1
  fi
  echo "Skipping the PostgreSQL run: PostgreSQL 15 is not installed (bash scripts/install-system-deps.sh installs it)."
  exit 0
fi
echo "== API suite on PostgreSQL 15"
bash "$here/with-postgres.sh" npx vitest run --project api --maxWorkers=2

if ! { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; }; then
  if [ "${CI:-}" = "true" ]; then
    echo "nginx is missing: run scripts/install-system-deps.sh" >&2
    exit 1
  fi
  echo "Skipping the two-instance run: nginx is not installed (bash scripts/install-system-deps.sh installs it)."
  exit 0
fi
echo "== Two server instances on PostgreSQL 15 behind nginx"
exec npx vitest run --project cluster
