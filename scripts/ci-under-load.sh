#!/usr/bin/env bash
# The flaky-test check of issue 10: the CI command (.ci/run: a fresh clone, npm install, npm test with
# retries off) RUNS times in a row, each in a fresh clone of this repository's HEAD, while two busy
# loops keep both cores busy. Stops at the first failing run. Logs in $OUT (default /tmp/ci-under-load).
#   bash scripts/ci-under-load.sh            # 3 runs
#   RUNS=1 E2E_PORT=4361 bash scripts/ci-under-load.sh
set -u
ROOT=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
RUNS=${RUNS:-3}
OUT=${OUT:-/tmp/ci-under-load}
export E2E_PORT=${E2E_PORT:-4361}
mkdir -p "$OUT"
h1='' h2=''
trap 'kill $h1 $h2 2>/dev/null' EXIT
for i in $(seq 1 "$RUNS"); do
  dir="$OUT/clone-$i"
  rm -rf "$dir" && git clone -q "$ROOT" "$dir"
  node -e 'for(;;){}' & h1=$!
  node -e 'for(;;){}' & h2=$!
  start=$(date +%s)
  echo "run $i of $RUNS on $(git -C "$dir" rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
  (cd "$dir" && CI=true bash .ci/run) > "$OUT/run-$i.log" 2>&1
  rc=$?
  kill "$h1" "$h2" 2>/dev/null
  echo "run $i: exit $rc in $(($(date +%s) - start)) s: $(tail -1 "$OUT/run-$i.log")"
  [ "$rc" -ne 0 ] && exit "$rc"
done
