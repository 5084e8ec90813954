#!/usr/bin/env bash
# `make cluster`: Assist as replicas on this machine, for trying what a deployment looks like. In a temporary
# directory, on free loopback ports, with no system service and nothing left behind:
#   Redis (deploy/redis.conf), PostgreSQL (initdb + pg_ctl, as the postgres user), one embedded model
#   (`assist model`), REPLICAS gateway replicas (default 3) sharing them (storage kind "shared"), and nginx in
#   front (deploy/nginx.conf). Prints the URL, a user token and the admin token; Ctrl-C stops everything.
# Expects `assist` built in release (.build/release/assist; the Makefile builds it first), or ASSIST=path.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
ASSIST=${ASSIST:-"$ROOT/.build/release/assist"}
REPLICAS=${REPLICAS:-3}
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)}

say() { printf '[cluster] %s\n' "$*" >&2; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Waits until `curl URL` succeeds (or gives up after SECONDS).
wait_for() {
  local url=$1 seconds=$2
  for ((i = 0; i < seconds * 10; i++)); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    sleep 0.1
  done
  say "no answer from $url after ${seconds}s"; return 1
}

DIR=$(mktemp -d /tmp/assist-cluster.XXXXXX)
chmod 755 "$DIR"
PIDS=()
PG_DATA="$DIR/postgres"
stop_all() {
  trap - INT TERM EXIT
  say "stopping"
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill -TERM "${PIDS[$i]}" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -f "$PG_DATA/postmaster.pid" ] && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop_all INT TERM EXIT

# --- Redis -----------------------------------------------------------------------------------------------
REDIS_PORT=$(free_port)
mkdir -p "$DIR/redis"
redis-server "$ROOT/deploy/redis.conf" --port "$REDIS_PORT" --dir "$DIR/redis" --logfile "$DIR/redis/redis.log" &
PIDS+=($!)
for ((i = 0; i < 50; i++)); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
say "Redis on 127.0.0.1:$REDIS_PORT"

# --- PostgreSQL (it refuses to run as root: the postgres user owns its directory) -------------------------
PG_PORT=$(free_port)
mkdir -p "$PG_DATA" "$DIR/postgres-socket"
touch "$DIR/postgres.log"
chown postgres "$PG_DATA" "$DIR/postgres-socket" "$DIR/postgres.log"
runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_DATA" -A trust -U postgres >"$DIR/initdb.log" 2>&1
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$DIR/postgres.log" -w \
  -o "-p $PG_PORT -k $DIR/postgres-socket -c listen_addresses=127.0.0.1" start >/dev/null
runuser -u postgres -- "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres assist
say "PostgreSQL on 127.0.0.1:$PG_PORT"

# --- one embedded model, shared by every replica ------------------------------------------------------------
MODEL_PORT=$(free_port)
"$ASSIST" model --port "$MODEL_PORT" --data-dir "$DIR/model" >"$DIR/model.out" &
PIDS+=($!)
wait_for "http://127.0.0.1:$MODEL_PORT/health" 240
say "model on 127.0.0.1:$MODEL_PORT"

# --- replicas ---------------------------------------------------------------------------------------------
# The built-in travel configuration with shared storage, and nginx (on this machine) as the trusted proxy.
python3 - "$ROOT/config/travel.json" "$DIR/cluster.json" "$ROOT/golden/qualification.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
config["storage"] = {"kind": "shared", "connectSeconds": 30}
# Written outside the repository: the results it names are the repository's.
config["qualification"] = {"results": sys.argv[3]}
config.setdefault("limits", {})["trustedProxies"] = ["127.0.0.1"]
json.dump(config, open(sys.argv[2], "w"), indent=2)
PY
export ASSIST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export ASSIST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/assist"
# Every replica signs and checks the same tokens and takes the same admin token.
export ASSIST_JWT_HS256_SECRET=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
export ASSIST_ADMIN_TOKEN=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
REPLICA_ADDRESSES=""
for ((r = 1; r <= REPLICAS; r++)); do
  port=$(free_port)
  "$ASSIST" serve --config "$DIR/cluster.json" --upstream "http://127.0.0.1:$MODEL_PORT/v1" --port "$port" \
    --data-dir "$DIR/replica-$r" >"$DIR/replica-$r.out" 2>"$DIR/replica-$r.log" &
  PIDS+=($!)
  wait_for "http://127.0.0.1:$port/healthz" 60
  REPLICA_ADDRESSES+=" 127.0.0.1:$port"
  say "replica $r on 127.0.0.1:$port (log $DIR/replica-$r.log)"
done

# --- nginx in front -----------------------------------------------------------------------------------------
NGINX_PORT=${CLUSTER_PORT:-$(free_port)}
mkdir -p "$DIR/nginx"
# The placeholders are filled as Sources/NginxFront/NginxConfTemplate.swift fills them for the tests: comment
# lines (which mention them) left alone, one `server` line per replica at the placeholder's indent.
python3 - "$ROOT/deploy/nginx.conf" "$DIR/nginx/nginx.conf" "127.0.0.1:$NGINX_PORT" $REPLICA_ADDRESSES <<'PY'
import sys
template, out, listen, *replicas = sys.argv[1:]
lines = []
for line in open(template).read().split("\n"):
    body = line.lstrip(" \t")
    indent = line[: len(line) - len(body)]
    if body.startswith("#"):
        lines.append(line)
    elif body.startswith("@REPLICAS@"):
        lines += [f"{indent}server {address};" for address in replicas]
    else:
        lines.append(line.replace("@LISTEN@", listen))
open(out, "w").write("\n".join(lines))
PY
nginx -p "$DIR/nginx" -c nginx.conf -g "daemon off; pid $DIR/nginx/nginx.pid; error_log $DIR/nginx/error.log;" &
PIDS+=($!)
wait_for "http://127.0.0.1:$NGINX_PORT/healthz" 10

URL="http://127.0.0.1:$NGINX_PORT"
TOKEN=$("$ASSIST" token --user u1 --config "$DIR/cluster.json" --data-dir "$DIR/replica-1")
cat <<EOF

Assist cluster: $REPLICAS replicas behind nginx on $URL (Redis, PostgreSQL and one model shared)
Token for u1:  $TOKEN
Admin token:   $ASSIST_ADMIN_TOKEN
Try:
  curl -N $URL/v1/assist/stream -H 'Authorization: Bearer $TOKEN' -H 'Content-Type: application/json' -d '{"feature":"support_chat","input":{"message":"How much baggage can I take?"},"locale":"en-US"}'
Ctrl-C stops everything and removes $DIR.
EOF
wait "${PIDS[@]}"
