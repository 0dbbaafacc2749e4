#!/usr/bin/env bash
# The benchmark command: builds, starts the whole service on the model simulator with a fresh data
# folder (target/bench-data), and prints figures: the parallel stage against its critical path, chat
# throughput and latency percentiles, the server's memory, the semantic-cache lookup time at 10k and
# 100k entries, knowledge-bundle export/import throughput and /graph/search p50 at 100k relations, native
# pass-through's added latency and throughput beside the Portkey gateway (npm @portkey-ai/gateway, proxying the
# same simulator), the messages API's added latency and time to the first token with a native coding-client
# profile beside the chat API's, a soak of 200 streams at once through two nodes under random upstream faults with
# the usage rows checked against the budget counters and every answer's audit event, and what a request pays for a
# frozen Redis, PostgreSQL, Kafka, Neo4j, tool server or search engine (once its circuit breaker opened; Neo4j and the
# tool server only with BENCH_ONLY_FROZEN_STORES=1), and the memory after the security issue's round of hostile inputs.
# It never fails on a time. Stop command 1 first: both use the same default ports.
#
#   ./bench.sh                       everything (about 10 minutes on two cores)
#   BENCH_CACHE_SIZES=10000 ./bench.sh
#   BENCH_ONLY_KNOWLEDGE=1 BENCH_KNOWLEDGE_RELATIONS=100000 ./bench.sh   only the knowledge-graph figures
#   BENCH_ONLY_FROZEN_STORES=1 ./bench.sh                              only the frozen-store figures
#   BENCH_ONLY_SOAK=1 BENCH_SOAK_SECONDS=120 ./bench.sh                  only the soak under faults (10 to 300 s)
#   BENCH_ONE_NODE=1 ./bench.sh                                          without the second node (the soak on one)
#   BENCH_ONLY_HOSTILE=1 BENCH_HOSTILE_BODIES=5000 ./bench.sh             only the round of hostile inputs and the memory after it
#   BENCH_ONLY_CACHE=1 BENCH_CACHE_SIZES=100000 ./bench.sh                only the semantic-cache lookup figures
#   BENCH_ONLY_PASS_THROUGH=1 ./bench.sh                                  only native pass-through beside Portkey
#   BENCH_ONLY_HOT_PATH=1 ./bench.sh                                      only the hot path (cache hit, stages, streamed first tokens, an orchestrated request)
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
PORTKEY_PID=""
RELAY_PID=""
KAFKA_RELAY_PID=""
NEO4J_RELAY_PID=""
TOOLS_RELAY_PID=""
RELAYS_DROPIN=""
NODE2_PID=""
WLP=$ROOT/liberty/target/liberty/wlp
cleanup() {
  if [[ -n $NODE2_PID ]] && kill -0 "$NODE2_PID" 2>/dev/null; then
    "$WLP/bin/server" stop moeBench2 >/dev/null 2>&1 || kill -TERM "$NODE2_PID" 2>/dev/null || true
    wait "$NODE2_PID" 2>/dev/null || true
  fi
  if [[ -n $PORTKEY_PID ]]; then
    kill -TERM "$PORTKEY_PID" 2>/dev/null || true
  fi
  for relay in $RELAY_PID ${KAFKA_RELAY_PID:-} ${NEO4J_RELAY_PID:-} ${TOOLS_RELAY_PID:-}; do
    kill -CONT "$relay" 2>/dev/null || true
    kill -TERM "$relay" 2>/dev/null || true
  done
  if [[ -n $RUN_PID ]] && kill -0 "$RUN_PID" 2>/dev/null; then
    kill -TERM "$RUN_PID" 2>/dev/null || true
    wait "$RUN_PID" 2>/dev/null || true
  fi
  if [[ -n $RELAYS_DROPIN ]]; then
    rm -f "$RELAYS_DROPIN"
  fi
}
trap cleanup INT TERM EXIT

# Web search goes through a relay process of its own (devservices' TcpRelay) to the simulator's /search, so that the
# frozen-store figures can freeze the search engine alone; its timeout (and the tool server's) is shortened so its breaker
# opens sooner.
SEARCH_RELAY_PORT=${BENCH_SEARCH_RELAY_PORT:-11444}
java -Xmx32m -XX:+UseSerialGC -cp devservices/target/devservices.jar io.moe.devservices.TcpRelay "$SEARCH_RELAY_PORT" \
  "127.0.0.1:11434" "$DATA/relays/search.pid" >"$DATA/search-relay.log" 2>&1 &
RELAY_PID=$!

# Kafka too: the embedded broker tells its clients to connect to a relay of its own, so that the frozen-store figures can
# freeze Kafka alone (it runs in the store launcher's JVM with Neo4j and the simulator).
KAFKA_RELAY_PORT=${BENCH_KAFKA_RELAY_PORT:-19095}
java -Xmx32m -XX:+UseSerialGC -cp devservices/target/devservices.jar io.moe.devservices.TcpRelay "$KAFKA_RELAY_PORT" \
  "127.0.0.1:19092" "$DATA/relays/kafka.pid" >"$DATA/kafka-relay.log" 2>&1 &
KAFKA_RELAY_PID=$!

# Neo4j and the tool server too, when the frozen-store figures run alone: the server then reaches them through relays
# of their own, set by a configuration drop-in of this run only (removed when the benchmark ends). Not otherwise: a
# relay's extra hop would be in the cache and graph figures of the hot path.
NEO4J_PORT=${BENCH_NEO4J_PORT:-17687}
NEO4J_RELAY_PORT=${BENCH_NEO4J_RELAY_PORT:-17688}
TOOLS_RELAY_PORT=${BENCH_TOOLS_RELAY_PORT:-8013}
if [[ -n ${BENCH_ONLY_FROZEN_STORES:-} ]]; then
  java -Xmx32m -XX:+UseSerialGC -cp devservices/target/devservices.jar io.moe.devservices.TcpRelay "$NEO4J_RELAY_PORT" \
    "127.0.0.1:$NEO4J_PORT" "$DATA/relays/neo4j.pid" >"$DATA/neo4j-relay.log" 2>&1 &
  NEO4J_RELAY_PID=$!
  java -Xmx32m -XX:+UseSerialGC -cp devservices/target/devservices.jar io.moe.devservices.TcpRelay "$TOOLS_RELAY_PORT" \
    "127.0.0.1:${MOE_TOOLS_PORT:-8003}" "$DATA/relays/tools.pid" >"$DATA/tools-relay.log" 2>&1 &
  TOOLS_RELAY_PID=$!
  RELAYS_DROPIN=$WLP/usr/servers/moeServer/configDropins/overrides/bench-relays.xml
  mkdir -p "$(dirname "$RELAYS_DROPIN")"
  cat >"$RELAYS_DROPIN" <<XML
<server>
  <variable name="moe.neo4j.uri" value="bolt://127.0.0.1:$NEO4J_RELAY_PORT"/>
  <variable name="moe.tools.url" value="http://127.0.0.1:$TOOLS_RELAY_PORT"/>
  <!-- requests through the tool relay name its port as their host -->
  <virtualHost id="tools_host" allowFromEndpointRef="toolsHttpEndpoint">
    <hostAlias>*:\${moe.tools.port}</hostAlias>
    <hostAlias>*:$TOOLS_RELAY_PORT</hostAlias>
  </virtualHost>
</server>
XML
fi

EAR=orchestrator-ear/target/orchestrator-ear.ear
echo "==> The EAR: $(du -h "$EAR" | cut -f1), $(unzip -l "$EAR" 2>/dev/null | grep -c ' lib/.*\.jar$' || true) jars in its lib"
ORCH=http://127.0.0.1:${MOE_ORCHESTRATOR_PORT:-8002}
# The server's JVM options beside its jvm.options, for both nodes: run.sh's default (the JIT's first tier only) unless
# MOE_SERVER_JVM_OPTIONS is set (empty: Liberty's defaults, the full JIT).
SERVER_JVM_OPTIONS=${MOE_SERVER_JVM_OPTIONS--XX:TieredStopAtLevel=1}
# Starts command 1 (./run.sh --no-build) with the benchmark's settings and waits until the server answers /health;
# prints how long that took, stores and server together ($1 says from what).
start_service() {
  local started deadline
  started=$(date +%s%N)
  echo "==> Starting the service $1 (log: $DATA/run.log; the server's JVM options beside jvm.options: ${SERVER_JVM_OPTIONS:-none})"
  # One key drives 16 clients at once (64 for pass-through): lift the per-user fairness bounds, which would
  # otherwise answer 429, and let the simulator's server take 64 calls at once, as Portkey does.
  MOE_DEVSERVICES_OPTIONS="--kafka-advertised-port $KAFKA_RELAY_PORT --neo4j-port $NEO4J_PORT" \
  MOE_SEARCH_URL=http://127.0.0.1:$SEARCH_RELAY_PORT MOE_SEARCH_TIMEOUT_SECONDS=5 MOE_TOOLS_TIMEOUT_SECONDS=5 \
  MOE_LIMITS_CONCURRENT_REQUESTS_PER_USER=64 MOE_LIMITS_MODEL_CALLS_PER_USER=64 MOE_INFERENCE_CONCURRENCY=64 \
  MOE_DATA_DIR=$DATA MOE_ADMIN_API_KEY=$KEY \
  MOE_SERVER_JVM_OPTIONS=$SERVER_JVM_OPTIONS ./run.sh --no-build >>"$DATA/run.log" 2>&1 &
  RUN_PID=$!
  deadline=$((SECONDS + 600))
  until curl -fs -o /dev/null "$ORCH/health"; do
    kill -0 "$RUN_PID" 2>/dev/null || { echo "the service did not start; see $DATA/run.log" >&2; exit 1; }
    (( SECONDS < deadline )) || { echo "the service did not become healthy in 10 minutes" >&2; exit 1; }
    sleep 0.2
  done
  printf '==> Ready (stores and server) %s after %.1f s\n' "$1" "$(( ($(date +%s%N) - started) / 1000000 ))e-3"
}
start_service "from an empty data folder (initdb, new Neo4j and Kafka stores)"
# and again on the folder that start made, as a user restarts command 1: the figure the start-up target is about
kill -TERM "$RUN_PID"
wait "$RUN_PID" 2>/dev/null || true
start_service "again on that data folder"
# shellcheck disable=SC1091
. "$DATA/devservices.env"
SERVER_PID=$(pgrep -f 'ws-server.jar.*moeServer' | head -1 || echo 0)

# A second node for the soak (BENCH_ONE_NODE=1 leaves it out): a server of its own made from the same package, on
# other ports, with the same stores, simulator and settings; the soak's streams alternate between the two nodes.
ORCH2=""
SERVER2_PID=""
if [[ -z ${BENCH_ONE_NODE:-}${BENCH_ONLY_FROZEN_STORES:-}${BENCH_ONLY_KNOWLEDGE:-}${BENCH_ONLY_HOSTILE:-}${BENCH_ONLY_CACHE:-}${BENCH_ONLY_PASS_THROUGH:-}${BENCH_ONLY_HOT_PATH:-} ]]; then # only the soak uses it
  NODE2=$WLP/usr/servers/moeBench2
  rm -rf "$NODE2"
  mkdir -p "$NODE2/apps" "$NODE2/configDropins/overrides"
  cp -r "$WLP/usr/servers/moeServer/"{server.xml,jvm.options,server.env,jdbc,resources} "$NODE2/"
  ln "$WLP/usr/servers/moeServer/apps/orchestrator-ear.ear" "$NODE2/apps/" 2>/dev/null \
    || cp "$WLP/usr/servers/moeServer/apps/orchestrator-ear.ear" "$NODE2/apps/"
  ORCH2_PORT=${BENCH_NODE2_PORT:-18002}
  cat >"$NODE2/configDropins/overrides/second-node.xml" <<XML
<server>
  <variable name="moe.orchestrator.port" value="$ORCH2_PORT"/>
  <variable name="moe.admin.port" value="${BENCH_NODE2_ADMIN_PORT:-18088}"/>
  <variable name="moe.tools.port" value="${BENCH_NODE2_TOOLS_PORT:-18003}"/>
  <variable name="moe.orchestrator.https-port" value="${BENCH_NODE2_HTTPS_PORT:-18443}"/>
</server>
XML
  (
    set -a
    # shellcheck disable=SC1091
    . "$DATA/devservices.env"
    set +a
    export MOE_INFERENCE_URL=$MOE_SIMULATOR_URL MOE_SEARCH_URL=http://127.0.0.1:$SEARCH_RELAY_PORT MOE_SEARCH_TIMEOUT_SECONDS=5 \
      MOE_DATA_DIR=$DATA MOE_SKILLS_DIR=$ROOT/skills OPT_OUT_TRACKING=true MOE_ADMIN_API_KEY=$KEY \
      MOE_TOOLS_SERVICE_TOKEN=$(cat "$DATA/tools-service-token") MOE_METRICS_PASSWORD=$(cat "$DATA/metrics-password") \
      MOE_LIMITS_CONCURRENT_REQUESTS_PER_USER=64 MOE_LIMITS_MODEL_CALLS_PER_USER=64 MOE_INFERENCE_CONCURRENCY=64
    export JVM_ARGS="${JVM_ARGS:+$JVM_ARGS }$SERVER_JVM_OPTIONS" # as run.sh sets them for the first node
    exec "$WLP/bin/server" run moeBench2
  ) >"$DATA/node2.log" 2>&1 &
  NODE2_PID=$!
  deadline=$((SECONDS + 300))
  until curl -fs -o /dev/null "http://127.0.0.1:$ORCH2_PORT/health"; do
    if ! kill -0 "$NODE2_PID" 2>/dev/null || (( SECONDS >= deadline )); then
      echo "the second node did not start (see $DATA/node2.log): the soak runs on one node" >&2
      NODE2_PID=""
      break
    fi
    sleep 2
  done
  if [[ -n $NODE2_PID ]]; then
    ORCH2=http://127.0.0.1:$ORCH2_PORT
    SERVER2_PID=$(pgrep -f 'ws-server.jar.*moeBench2' | head -1 || echo 0)
    echo "==> Second node ready at $ORCH2"
  fi
fi

# The gateway native pass-through is compared with: Portkey's open-source gateway (npm), proxying the same simulator.
PORTKEY_PORT=${BENCH_PORTKEY_PORT:-8787}
PORTKEY_URL=""
if command -v node >/dev/null && (cd benchmark/node && npm install --no-audit --no-fund --loglevel=error >"$DATA/portkey-install.log" 2>&1); then
  PORT=$PORTKEY_PORT NODE_ENV=production node benchmark/node/node_modules/@portkey-ai/gateway/build/start-server.js \
    --port="$PORTKEY_PORT" --headless >"$DATA/portkey.log" 2>&1 &
  PORTKEY_PID=$!
  deadline=$((SECONDS + 60))
  until curl -fs -o /dev/null "http://127.0.0.1:$PORTKEY_PORT/"; do
    (( SECONDS < deadline )) && kill -0 "$PORTKEY_PID" 2>/dev/null || { echo "Portkey did not start; see $DATA/portkey.log" >&2; PORTKEY_PID=""; break; }
    sleep 1
  done
  [[ -n $PORTKEY_PID ]] && PORTKEY_URL=http://127.0.0.1:$PORTKEY_PORT
else
  echo "Node.js or the Portkey gateway package is not available: pass-through is measured without it (see $DATA/portkey-install.log)"
fi

java -cp "benchmark/target/benchmark-0.1.0-SNAPSHOT.jar:benchmark/target/lib/*" io.moe.benchmark.Benchmark \
  --orchestrator "$ORCH" --simulator "$MOE_SIMULATOR_URL" --neo4j "$MOE_NEO4J_URI" --key "$KEY" \
  --pass-through-requests "${BENCH_PASS_THROUGH_REQUESTS:-2000}" --pass-through-concurrency 64 --portkey "$PORTKEY_URL" \
  ${BENCH_ONLY_PASS_THROUGH:+--only-pass-through yes} ${BENCH_ONLY_CACHE:+--only-cache yes} ${BENCH_ONLY_HOT_PATH:+--only-hot-path yes} \
  --admin "http://127.0.0.1:${MOE_ADMIN_PORT:-8088}" --coding-requests "${BENCH_CODING_REQUESTS:-500}" \
  --knowledge-relations "${BENCH_KNOWLEDGE_RELATIONS:-100000}" ${BENCH_ONLY_KNOWLEDGE:+--only-knowledge yes} \
  --server-pid "$SERVER_PID" --cache-sizes "${BENCH_CACHE_SIZES:-10000,100000}" \
  --requests "${BENCH_REQUESTS:-200}" --concurrency "${BENCH_CONCURRENCY:-16}" \
  --soak-seconds "${BENCH_SOAK_SECONDS:-60}" ${BENCH_ONLY_SOAK:+--only-soak yes} \
  --orchestrator2 "$ORCH2" --server2-pid "$SERVER2_PID" --kafka "$MOE_KAFKA_BOOTSTRAP_SERVERS" \
  --hostile-bodies "${BENCH_HOSTILE_BODIES:-5000}" ${BENCH_ONLY_HOSTILE:+--only-hostile yes} \
  --frozen-stores "$DATA" ${BENCH_ONLY_FROZEN_STORES:+--only-frozen-stores yes}
