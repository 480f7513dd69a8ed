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
    # A start that fails (a busy machine, a port still closing) is tried once more from scratch;
    # the server's log goes to stderr so the reason is never lost.
    for attempt in 1 2; do
      "$0" stop >/dev/null 2>&1 || true
      mkdir -p "$DIR"
      [ "$(id -u)" -eq 0 ] && chown postgres "$DIR"
      as_pg "$BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync -E UTF8 >/dev/null
      if as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 120 -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null; then
        echo "postgres://postgres@127.0.0.1:$PORT/postgres"
        exit 0
      fi
      echo "PostgreSQL did not start (attempt $attempt):" >&2
      tail -20 "$DIR/log" >&2 || true
      sleep 2
    done
    exit 1
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
