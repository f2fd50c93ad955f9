#!/usr/bin/env bash
# The topology of deploy/compose.yaml on one machine, without containers (docs/deploy.md):
# PostgreSQL, Redis, N `outlaws serve` processes and HAProxy in front of them, all from
# Debian's packages (postgresql, redis-server, haproxy; installed with apt when missing),
# all on loopback, all under one folder of its own (pids, logs, the database).
#
#   deploy/local.sh [start]    # 2 servers behind http://127.0.0.1:8080
#   deploy/local.sh status     # what runs, and the balancer's /readyz
#   deploy/local.sh stop       # stops everything; the games stay in the folder's PostgreSQL
#   deploy/local.sh clean      # stops everything and deletes the folder, games included
#
# Settings (environment):
#   OUTLAWS_SERVERS (2)             server processes
#   OUTLAWS_PORT (8080)             the balancer's port
#   OUTLAWS_SERVER_PORT (8101)      the first server's port (the next ones follow)
#   OUTLAWS_PG_PORT (54330), OUTLAWS_REDIS_PORT (56380), OUTLAWS_STATS_PORT (8404)
#   OUTLAWS_LB_CLIENT_CONNECTIONS (64)  connections one client address may hold
#   OUTLAWS_LB_CLIENT_RATE (200)       new connections one client address may open in 10 s
#   OUTLAWS_LB_SERVER_CONNECTIONS (768) connections the balancer opens to each server
#   OUTLAWS_LOCAL_DIR ($TMPDIR/outlaws-local, else /tmp/outlaws-local)
#   OUTLAWS_BIN                     the `outlaws` command (default: the repository's
#                                   .venv/bin/outlaws, else the one on PATH)
#   OUTLAWS_SERVE_ARGS              more options for every `outlaws serve`
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
servers="${OUTLAWS_SERVERS:-2}"
dir="${OUTLAWS_LOCAL_DIR:-${TMPDIR:-/tmp}/outlaws-local}"
lb_port="${OUTLAWS_PORT:-8080}"
first_port="${OUTLAWS_SERVER_PORT:-8101}"
pg_port="${OUTLAWS_PG_PORT:-54330}"
redis_port="${OUTLAWS_REDIS_PORT:-56380}"
stats_port="${OUTLAWS_STATS_PORT:-8404}"
client_connections="${OUTLAWS_LB_CLIENT_CONNECTIONS:-64}"
db_url="postgresql+psycopg://postgres@127.0.0.1:$pg_port/outlaws"
redis_url="redis://127.0.0.1:$redis_port/0"
# The folder is ours only if it holds this file: `clean` deletes no other folder.
marker=".outlaws-local"

say() { echo "local.sh: $*" >&2; }
fail() { say "$*"; say "(\`$0 stop\` stops what did start)"; exit 1; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then env DEBIAN_FRONTEND=noninteractive "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo env DEBIAN_FRONTEND=noninteractive "$@"
    else fail "missing packages, and this user cannot install them (not root, no sudo): $*"; fi
}
pg_bindir() {
    local found
    found="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null |
        sort -V | tail -n 1)"
    echo "$found"
}
# PostgreSQL refuses to run as root: root runs it as Debian's `postgres` user.
as_pg_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install_missing() {
    local wanted=()
    [ -n "$(pg_bindir)" ] || wanted+=(postgresql)
    command -v redis-server >/dev/null 2>&1 || wanted+=(redis-server)
    command -v haproxy >/dev/null 2>&1 || wanted+=(haproxy)
    command -v curl >/dev/null 2>&1 || wanted+=(curl)
    if [ "${#wanted[@]}" -gt 0 ]; then
        as_root apt-get update >&2
        as_root apt-get install -y --no-install-recommends "${wanted[@]}" >&2
    fi
}

outlaws_bin() {
    if [ -n "${OUTLAWS_BIN:-}" ]; then echo "$OUTLAWS_BIN"
    elif [ -x "$root/.venv/bin/outlaws" ]; then echo "$root/.venv/bin/outlaws"
    elif command -v outlaws >/dev/null 2>&1; then command -v outlaws
    else fail "no outlaws command: run \`make run\` once (it makes .venv), or set OUTLAWS_BIN"; fi
}

# The pid in FILE, if that process runs and its command line holds WORD (a pid file
# left by a process long gone may name another process since).
running_pid() {
    local file="$1" word="$2" pid
    [ -s "$file" ] || return 1
    pid="$(head -n 1 "$file")"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$word" || return 1
    echo "$pid"
}

# Stop the process of FILE (see running_pid): SIGTERM, then SIGKILL after WAIT seconds.
stop_pid() {
    local file="$1" word="$2" wait="$3" pid
    if pid="$(running_pid "$file" "$word")"; then kill "$pid" 2>/dev/null || true; fi
    wait_pid "$file" "$word" "$wait"
}

# Wait (WAIT seconds at most) for the process of FILE to end, then SIGKILL it.
wait_pid() {
    local file="$1" word="$2" wait="$3" pid
    if pid="$(running_pid "$file" "$word")"; then
        for _ in $(seq $((wait * 10))); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then
            say "$(basename "$file" .pid) ($pid) did not stop in ${wait}s: killed"
            kill -9 "$pid" 2>/dev/null || true
        fi
    fi
    rm -f "$file"
}

# Wait until URL answers 200 (SECONDS at most; given PID, only while that process runs).
wait_ok() {
    local url="$1" seconds="$2" pid="${3:-}"
    for _ in $(seq $((seconds * 10))); do
        if curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; then return 0; fi
        if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
        sleep 0.1
    done
    return 1
}

start_postgres() {
    local bin data="$dir/postgres/data"
    bin="$(pg_bindir)"
    mkdir -p "$dir/postgres"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir/postgres"
    if [ ! -s "$data/PG_VERSION" ]; then
        # Trust on loopback: nothing but this machine's users reach it. A server on a
        # network wants a password (docs/deploy.md).
        as_pg_owner "$bin/initdb" -D "$data" -U postgres -A trust >/dev/null
    fi
    if ! as_pg_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        as_pg_owner "$bin/pg_ctl" -D "$data" -l "$dir/postgres/log" -w -o \
            "-p $pg_port -k $dir/postgres -c listen_addresses=127.0.0.1" start >/dev/null
    fi
    local psql=("$bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -tAq)
    if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = 'outlaws'")" != 1 ]; then
        "${psql[@]}" -c "CREATE DATABASE outlaws" >/dev/null
    fi
}

start_redis() {
    mkdir -p "$dir/redis"
    running_pid "$dir/redis/redis.pid" redis-server >/dev/null && return 0
    # Messages between the servers only (the games are in PostgreSQL): nothing on disk.
    redis-server --port "$redis_port" --bind 127.0.0.1 --protected-mode yes \
        --save '' --appendonly no --dir "$dir/redis" \
        --daemonize yes --pidfile "$dir/redis/redis.pid" --logfile "$dir/redis/log" >/dev/null
    for _ in $(seq 50); do
        redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null | grep -q PONG && return 0
        sleep 0.1
    done
    fail "redis-server does not answer on 127.0.0.1:$redis_port (log: $dir/redis/log)"
}

start_server() {
    local number="$1" port=$((first_port + $1 - 1)) bin extra=()
    local pidfile="$dir/server-$number.pid"
    running_pid "$pidfile" outlaws >/dev/null && return 0
    bin="$(outlaws_bin)"
    read -r -a extra <<<"${OUTLAWS_SERVE_ARGS:-}"
    # Every connection of a server comes from the balancer: the per-client cap is the
    # balancer's (OUTLAWS_LB_CLIENT_CONNECTIONS). The balancer is on loopback, which
    # uvicorn trusts for X-Forwarded-For: the servers see each client's own address.
    nohup "$bin" serve --host 127.0.0.1 --port "$port" --db "$db_url" \
        "${redis_option[@]}" --client-connections 100000 "${extra[@]}" \
        >"$dir/server-$number.log" 2>&1 </dev/null &
    echo $! >"$pidfile"
    if ! wait_ok "http://127.0.0.1:$port/readyz" 60 "$!"; then
        fail "server $number is not ready on port $port (log: $dir/server-$number.log)"
    fi
}

# deploy/haproxy.cfg, made for this machine: loopback ports, the servers listed by
# port instead of found by Docker's DNS. One file to read and to change for both.
write_haproxy_config() {
    local lines="" number
    for number in $(seq "$servers"); do
        lines+="    server server$number 127.0.0.1:$((first_port + number - 1))"$'\n'
    done
    awk -v lb="127.0.0.1:$lb_port" -v stats="127.0.0.1:$stats_port" -v servers="$lines" '
        /^resolvers docker/ { skip = 1; next }
        skip && /^$/ { skip = 0; next }
        skip { next }
        /^    bind :8080$/ { print "    bind " lb; next }
        /^    bind :8404$/ { print "    bind " stats; next }
        /^    server-template / { printf "%s", servers; next }
        /^    default-server / { sub(/ resolvers docker.*$/, "") }
        NR == 1 {
            print "# Made by deploy/local.sh from deploy/haproxy.cfg: loopback ports, and the"
            print "# servers by port where the Compose file has Docker'"'"'s DNS. Its comments follow."
        }
        { print }
    ' "$root/deploy/haproxy.cfg" >"$dir/haproxy.cfg"
    grep -q "^    server server1 " "$dir/haproxy.cfg" || fail "deploy/haproxy.cfg: no server-template"
    OUTLAWS_LB_CLIENT_CONNECTIONS="$client_connections" \
        haproxy -c -q -f "$dir/haproxy.cfg" || fail "the balancer's config is not valid: $dir/haproxy.cfg"
}

start_haproxy() {
    local pid
    write_haproxy_config
    # Started again on every start (the number of servers may have changed): a balancer
    # already running hands over softly (-sf): it stops listening, keeps the connections
    # it has until they end (`hard-stop-after` at most), then exits by itself.
    local old=()
    if pid="$(running_pid "$dir/haproxy.pid" haproxy)"; then old=(-sf "$pid"); fi
    OUTLAWS_LB_CLIENT_CONNECTIONS="$client_connections" \
        nohup haproxy -db -f "$dir/haproxy.cfg" "${old[@]}" >>"$dir/haproxy.log" 2>&1 </dev/null &
    echo $! >"$dir/haproxy.pid"
    # Ready once the balancer has found a ready server behind it.
    wait_ok "http://127.0.0.1:$lb_port/readyz" 30 "$!" ||
        fail "the balancer does not answer on port $lb_port (log: $dir/haproxy.log)"
}

start() {
    case "$servers" in '' | *[!0-9]* | 0) fail "OUTLAWS_SERVERS must be a number above 0" ;; esac
    install_missing
    mkdir -p "$dir"
    touch "$dir/$marker"
    start_postgres
    start_redis
    # `--redis` where `outlaws serve` has it; without it each server keeps its games'
    # live messages to itself (one server is then all that works).
    redis_option=()
    local help
    # Read whole before it is searched: `grep -q` stops at the first match, and the
    # command it reads from would end on SIGPIPE (a failure, under pipefail).
    help="$(COLUMNS=200 "$(outlaws_bin)" serve --help 2>/dev/null || true)"
    if grep -q -- '--redis' <<<"$help"; then
        redis_option=(--redis "$redis_url")
    elif [ "$servers" -gt 1 ]; then
        say "warning: \`outlaws serve\` has no --redis: the servers cannot share live games"
    fi
    # One at a time: the first migrates the database's schema before the others start.
    for number in $(seq "$servers"); do start_server "$number"; done
    start_haproxy
    cat <<EOF
Outlaws on http://127.0.0.1:$lb_port ($servers servers behind HAProxy)
  servers:  $(for n in $(seq "$servers"); do printf 'http://127.0.0.1:%s  ' $((first_port + n - 1)); done)
  database: $db_url
  redis:    $redis_url$([ "${#redis_option[@]}" -gt 0 ] || echo " (not passed: no --redis)")
  balancer: stats on http://127.0.0.1:$stats_port/
  folder:   $dir (pids, logs, the database)
Stop: $0 stop
EOF
}

stop() {
    [ -d "$dir" ] || return 0
    stop_pid "$dir/haproxy.pid" haproxy 10
    local pidfile pid
    # All the servers told at once, then waited for: each takes seconds to stop cleanly
    # (its WebSockets closed, its bot workers ended), and they need not take turns.
    for pidfile in "$dir"/server-*.pid; do
        [ -e "$pidfile" ] || continue
        if pid="$(running_pid "$pidfile" outlaws)"; then kill "$pid" 2>/dev/null || true; fi
    done
    for pidfile in "$dir"/server-*.pid; do
        [ -e "$pidfile" ] || continue
        wait_pid "$pidfile" outlaws 30
    done
    stop_pid "$dir/redis/redis.pid" redis-server 10
    local bin data="$dir/postgres/data"
    bin="$(pg_bindir)"
    if [ -n "$bin" ] && [ -s "$data/PG_VERSION" ] &&
        as_pg_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        as_pg_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    fi
}

status() {
    local pidfile pid
    for pidfile in "$dir"/server-*.pid "$dir/redis/redis.pid" "$dir/haproxy.pid"; do
        [ -e "$pidfile" ] || continue
        local name word=outlaws
        name="$(basename "$pidfile" .pid)"
        case "$name" in redis) word=redis-server ;; haproxy) word=haproxy ;; esac
        if pid="$(running_pid "$pidfile" "$word")"; then echo "$name: running ($pid)"
        else echo "$name: stopped"; fi
    done
    local bin
    bin="$(pg_bindir)"
    if [ -n "$bin" ] && as_pg_owner "$bin/pg_ctl" -D "$dir/postgres/data" status >/dev/null 2>&1
    then echo "postgres: running"; else echo "postgres: stopped"; fi
    echo "balancer /readyz: $(curl -sS --max-time 3 "http://127.0.0.1:$lb_port/readyz" 2>&1 || true)"
}

case "${1:-start}" in
start) start ;;
stop) stop ;;
status) status ;;
clean)
    stop
    if [ -e "$dir/$marker" ]; then rm -rf "$dir"; fi
    ;;
*)
    echo "usage: $0 [start | status | stop | clean]" >&2
    exit 2
    ;;
esac
