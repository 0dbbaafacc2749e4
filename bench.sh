#!/usr/bin/env bash
# The benchmark command: builds, starts the whole service on the model simulator with a fresh data
# folder (target/bench-data), and prints figures: the parallel stage against its critical path, chat
# throughput and latency percentiles, the server's memory, and the semantic-cache lookup time at 10k and
# 100k entries. It never fails on a time. Stop command 1 first: both use the same default ports.
#
#   ./bench.sh                       everything (about 10 minutes on two cores)
#   BENCH_CACHE_SIZES=10000 ./bench.sh
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
DATA=$ROOT/target/bench-data
rm -rf "$DATA"
mkdir -p "$DATA"
KEY=moe-sk-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')

echo "==> Building"
./mvnw -B -q -DskipTests package

RUN_PID=""
cleanup() {
  if [[ -n $RUN_PID ]] && kill -0 "$RUN_PID" 2>/dev/null; then
    kill -TERM "$RUN_PID" 2>/dev/null || true
    wait "$RUN_PID" 2>/dev/null || true
  fi
}
trap cleanup INT TERM EXIT

echo "==> Starting the service (log: $DATA/run.log)"
# One key drives 16 clients at once: lift the per-user fairness bounds, which would otherwise answer 429.
MOE_LIMITS_CONCURRENT_REQUESTS_PER_USER=64 MOE_DATA_DIR=$DATA MOE_ADMIN_API_KEY=$KEY ./run.sh --no-build >"$DATA/run.log" 2>&1 &
RUN_PID=$!
ORCH=http://127.0.0.1:${MOE_ORCHESTRATOR_PORT:-8002}
deadline=$((SECONDS + 600))
until curl -fs -o /dev/null "$ORCH/health"; do
  kill -0 "$RUN_PID" 2>/dev/null || { echo "the service did not start; see $DATA/run.log" >&2; exit 1; }
  (( SECONDS < deadline )) || { echo "the service did not become healthy in 10 minutes" >&2; exit 1; }
  sleep 2
done
# shellcheck disable=SC1091
. "$DATA/devservices.env"
SERVER_PID=$(pgrep -f 'ws-server.jar.*moeServer' | head -1 || echo 0)

java -cp "benchmark/target/benchmark-0.1.0-SNAPSHOT.jar:benchmark/target/lib/*" io.moe.benchmark.Benchmark \
  --orchestrator "$ORCH" --simulator "$MOE_SIMULATOR_URL" --neo4j "$MOE_NEO4J_URI" --key "$KEY" \
  --server-pid "$SERVER_PID" --cache-sizes "${BENCH_CACHE_SIZES:-10000,100000}" \
  --requests "${BENCH_REQUESTS:-200}" --concurrency "${BENCH_CONCURRENCY:-16}"
