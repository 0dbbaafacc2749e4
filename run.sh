#!/usr/bin/env bash
# Command 1: build, start the stores that are not configured, start the Liberty server, and print
# where everything is. Ctrl-C stops the server and every store this script started.
#
#   ./run.sh                 build, then run (data in ./data, kept across restarts)
#   ./run.sh --no-build      run what was built last
#   MOE_DATA_DIR=/srv/moe ./run.sh
#   MOE_DEVSERVICES_OPTIONS="--pg-port 25432 --redis-port 26379" ./run.sh   embedded stores on other ports
#   MOE_SERVER_JVM_OPTIONS= ./run.sh   the server with the full JIT (default: C1 only, for a quicker start)
#
# Any MOE_* variable set in the environment wins over the embedded default (see README).
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
DATA=${MOE_DATA_DIR:-$ROOT/data}
WLP=$ROOT/liberty/target/liberty/wlp
SERVER_DIR=$WLP/usr/servers/moeServer
ORCH_PORT=${MOE_ORCHESTRATOR_PORT:-8002}
ADMIN_PORT=${MOE_ADMIN_PORT:-8088}
TOOLS_PORT=${MOE_TOOLS_PORT:-8003}
HTTPS_PORT=${MOE_ORCHESTRATOR_HTTPS_PORT:-8443}

if [[ "${1:-}" != "--no-build" ]]; then
  # Tests run on their own server (moeTestServer); -DskipITs also skips creating it.
  echo "==> Building (./mvnw -B -DskipTests -DskipITs package)"
  ./mvnw -B -q -DskipTests -DskipITs package
fi
[[ -x $WLP/bin/server ]] || { echo "No server at $WLP; run ./run.sh without --no-build" >&2; exit 1; }

mkdir -p "$DATA"
DATA=$(cd "$DATA" && pwd)
SERVER_PID=""
stop_all() {
  # A second Ctrl-C (or TERM) while stopping is ignored: ending the script here would leave the stores running in
  # their own session, with nothing left to stop them.
  trap - EXIT
  trap '' INT TERM HUP
  echo
  echo "==> Stopping (the server, then the stores; a few seconds)"
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    "$WLP/bin/server" stop moeServer >/dev/null 2>&1 || kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  java -jar "$ROOT/devservices/target/devservices.jar" stop --data "$DATA" --pid-file "$DATA/devservices.pid" || true
  echo "==> Stopped"
}
trap stop_all INT TERM HUP EXIT

started=$(date +%s)
echo "==> Starting the stores that are not configured (data in $DATA)"
# MOE_DEVSERVICES_OPTIONS: more options for the store launcher, e.g. other ports ("--pg-port 25432"; see README)
# Neo4j and Kafka finish starting while the server starts (it needs them only once its application runs, and their
# URLs are known from their ports): the slowest store no longer delays the server. One that fails to start is shown
# below as the launcher logs it; the server runs without it. (All stores in the background gained nothing: the start
# is CPU-bound on two cores, and PostgreSQL's initdb beside the server's start took 13 s instead of 5.)
# The launcher runs in a session of its own (setsid): Ctrl-C reaches this script and the server, not the stores, which
# stop_all stops after the server has written its last rows (usage, keys' last use) and closed its connections.
SESSION=()
command -v setsid >/dev/null && SESSION=(setsid)
# shellcheck disable=SC2086
"${SESSION[@]}" java -jar devservices/target/devservices.jar start --data "$DATA" --pid-file "$DATA/devservices.pid" \
  --background neo4j,kafka ${MOE_DEVSERVICES_OPTIONS:-} >/dev/null
set -a
# shellcheck disable=SC1091
. "$DATA/devservices.env"
set +a
export MOE_INFERENCE_URL=${MOE_INFERENCE_URL:-${MOE_SIMULATOR_URL:-}}
# The server's data directory: the first admin's credentials are written there once (printed below, then deleted).
export MOE_DATA_DIR=$DATA
# Web research asks the simulator's SearXNG-compatible /search unless a real engine is configured.
export MOE_SEARCH_URL=${MOE_SEARCH_URL:-${MOE_SIMULATOR_URL:-}}
export MOE_SKILLS_DIR=${MOE_SKILLS_DIR:-$ROOT/skills}
# DJL's tokenizer (the in-process embedding model) reports usage to its vendor unless told not to
# (jvm.options sets the same; an environment variable wins over it).
export OPT_OUT_TRACKING=${OPT_OUT_TRACKING:-true}
# The orchestrator calls the tool server with a service token; one is generated once per data folder.
if [ -z "${MOE_TOOLS_SERVICE_TOKEN:-}" ]; then
  if [ ! -s "$DATA/tools-service-token" ]; then
    (umask 077; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$DATA/tools-service-token")
  fi
  MOE_TOOLS_SERVICE_TOKEN=$(cat "$DATA/tools-service-token")
  export MOE_TOOLS_SERVICE_TOKEN
fi

# /metrics needs the metrics user's password (HTTP Basic over HTTPS); one is generated once per data folder.
if [ -z "${MOE_METRICS_PASSWORD:-}" ]; then
  if [ ! -s "$DATA/metrics-password" ]; then
    (umask 077; head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$DATA/metrics-password")
  fi
  MOE_METRICS_PASSWORD=$(cat "$DATA/metrics-password")
  export MOE_METRICS_PASSWORD
fi

# Test builds use their own server (moeTestServer). A checkout built before that split may still hold the
# test overrides in moeServer, which would point this server at the test ports: drop them, start clean once.
CLEAN=()
if compgen -G "$SERVER_DIR/configDropins/overrides/it-*.xml" >/dev/null; then
  rm -f "$SERVER_DIR"/configDropins/overrides/it-*.xml
  CLEAN=(--clean)
fi

# The server's JIT: C1 only unless MOE_SERVER_JVM_OPTIONS says otherwise. Half the server's start-up CPU went to
# C2 compiling start-up code that never runs again (on a slow two-core machine: ready in 34-37 s instead of 45-52 s), while the
# chat hot path measures the same on either; a native pass-through costs about a quarter more CPU with C1 only.
# A node kept running under sustained load: MOE_SERVER_JVM_OPTIONS= (empty: Liberty's defaults, the full JIT).
export JVM_ARGS="${JVM_ARGS:+$JVM_ARGS }${MOE_SERVER_JVM_OPTIONS--XX:TieredStopAtLevel=1}"

echo "==> Starting Open Liberty (log: $SERVER_DIR/logs/messages.log)"
"$WLP/bin/server" run moeServer "${CLEAN[@]}" >"$DATA/server-console.log" 2>&1 &
SERVER_PID=$!

deadline=$((started + 300))
# What keeps the server from being ready, as its readiness checks say it in the /health answer on stdin (the name of each
# check that is DOWN and its data, e.g. "database: reason=MOE_ADMIN_API_KEY (moe.admin.api-key) cannot be used ...").
not_ready_reasons() {
  grep -o '"name":"[^"]*","status":"DOWN","data":{[^}]*}' \
    | sed -e 's/"name":"\([^"]*\)","status":"DOWN","data":{\(.*\)}/\1: \2/' -e 's/"\([A-Za-z0-9_.-]*\)":"/\1=/g' -e 's/\\"/'"'"'/g' -e 's/"//g' \
    || true
}
# A reason that stays the same for 15 s is shown once (a normal start passes its checks sooner), so that a setting the
# server refuses is seen at once instead of after the 300 s deadline.
shown_reasons=""
shown_store_failures=0
seen_reasons=""
seen_since=0
next_look=$((started + 10))
while :; do
  answer=$(curl -s -w '\n%{http_code}' --max-time 5 "http://127.0.0.1:$ORCH_PORT/health" || true)
  status=${answer##*$'\n'}
  [[ $status == 200 ]] && break
  if (( $(date +%s) >= next_look )); then
    next_look=$(( $(date +%s) + 5 ))
    reasons=$(not_ready_reasons <<<"${answer%$'\n'*}")
    if [[ $reasons != "$seen_reasons" ]]; then
      seen_reasons=$reasons
      seen_since=$(date +%s)
    elif [[ -n $reasons && $reasons != "$shown_reasons" ]] && (( $(date +%s) - seen_since >= 15 )); then
      shown_reasons=$reasons
      echo "==> Not ready after $(( $(date +%s) - started )) s; the server's readiness checks say (still waiting; Ctrl-C stops):" >&2
      sed 's/^/  /' <<<"$reasons" >&2
    fi
  fi
  store_failures=$(grep -c ': could not start' "$DATA/devservices.log" 2>/dev/null || true)
  if (( ${store_failures:-0} > shown_store_failures )); then
    grep ': could not start' "$DATA/devservices.log" | tail -n +$((shown_store_failures + 1)) \
      | sed 's/^\[devservices\] /==> A store did not start: /' >&2
    shown_store_failures=$store_failures
  fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "The server stopped during start-up; last lines of its log:" >&2
    tail -n 30 "$SERVER_DIR/logs/messages.log" >&2 || tail -n 30 "$DATA/server-console.log" >&2
    exit 1
  fi
  if (( $(date +%s) > deadline )); then
    echo "The server was not ready after 300 s; see $SERVER_DIR/logs/messages.log" >&2
    exit 1
  fi
  # as bench.sh polls: the URLs are printed within 0.2 s of the first healthy answer. A start that goes well never answers
  # 503 (DOWN) on its way; a server that does is asked once a second, since it logs a warning (CWMMH0052W) for each answer.
  if [[ $status == 503 ]]; then sleep 1; else sleep 0.2; fi
done

cat <<EOF

==> Ready in $(( $(date +%s) - started )) s (stores and server)
  Orchestrator (OpenAI API)  http://127.0.0.1:$ORCH_PORT/v1      health /health, API /openapi
  Metrics (Prometheus)       https://127.0.0.1:$HTTPS_PORT/metrics  user ${MOE_METRICS_USERNAME:-prometheus}, password in $DATA/metrics-password (unless MOE_METRICS_PASSWORD is set)
  Admin web application      http://127.0.0.1:$ADMIN_PORT/
  User portal                http://127.0.0.1:$ADMIN_PORT/user/
  Precision tools            http://127.0.0.1:$TOOLS_PORT/
  Inference server           ${MOE_INFERENCE_URL:-(see MOE_INFERENCE_SERVERS)}
EOF
grep -E '^MOE_(DB_URL|REDIS_URL|KAFKA_BOOTSTRAP_SERVERS|NEO4J_URI)=' "$DATA/devservices.env" | sed 's/^/  /' || true

CREDENTIALS=${MOE_BOOTSTRAP_CREDENTIALS_FILE:-$DATA/first-admin-credentials.txt}
if [[ -f $CREDENTIALS ]]; then
  key=$(sed -n 's/^api_key=//p' "$CREDENTIALS")
  echo
  echo "==> First start: the admin account (shown once; this file is now deleted)"
  sed 's/^/  /' "$CREDENTIALS"
  rm -f "$CREDENTIALS"
else
  key='<your API key>'
  echo
  echo "  The admin account already exists; its credentials were shown at the first start."
fi
cat <<EOF

Try it:
  curl -s http://127.0.0.1:$ORCH_PORT/v1/chat/completions \\
    -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \\
    -d '{"model":"moe-orchestrator","messages":[{"role":"user","content":"Hello!"}]}'

Press Ctrl-C to stop the server and the stores.
EOF
wait "$SERVER_PID"
