#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster on 127.0.0.1 for tests: `start` prints a DATABASE_URL,
# `stop` stops it and deletes its data. Runs as the postgres user when started as root
# (initdb refuses root). Nothing is kept between runs.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
DIR=${PG_TMP_DIR:-/tmp/interschools-pg}
PORT=${PG_PORT:-55432}
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    "$0" stop >/dev/null 2>&1 || true
    mkdir -p "$DIR"
    [ "$(id -u)" -eq 0 ] && chown postgres "$DIR"
    as_pg "$BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync -E UTF8 >/dev/null
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    if [ -f "$DIR/data/postmaster.pid" ]; then
      as_pg "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null || kill "$(head -1 "$DIR/data/postmaster.pid")" || true
    fi
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
