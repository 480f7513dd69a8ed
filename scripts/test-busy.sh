#!/usr/bin/env bash
# Runs the tests as on a busy CI runner: one CPU-bound process per core keeps every core busy for
# the whole run, started and stopped here. With no arguments it runs `npm test`; otherwise the
# command given (e.g. `bash scripts/test-busy.sh npx vitest run --project e2e tests/e2e/touch-grid.test.ts`).
# Prints how long the run took and ends with the run's own exit code.
set -euo pipefail
cd "$(dirname "$0")/.."
cores=$(nproc)
burners=()
stop_burners() {
  if [ ${#burners[@]} -gt 0 ]; then kill "${burners[@]}" 2>/dev/null || true; fi
  wait 2>/dev/null || true
}
trap stop_burners EXIT INT TERM
for _ in $(seq "$cores"); do
  # A busy loop at normal priority: it competes for the cores as another job on the runner would.
  node -e 'for (;;) {}' &
  burners+=($!)
done
echo "Busy machine: ${cores} CPU-bound processes running (one per core)."
[ $# -eq 0 ] && set -- npm test
start=$(date +%s)
status=0
"$@" || status=$?
echo "Busy-machine run of '$*' took $(($(date +%s) - start)) s, exit code ${status}."
exit "$status"
