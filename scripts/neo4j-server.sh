#!/usr/bin/env bash
# Start/stop a REAL Neo4j 5.26 Community server (org.neo4j.server.CommunityEntryPoint: Bolt + HTTP) on 127.0.0.1,
# run straight from Maven Central jars (no Docker, no tarball). For CI and tests.
#
#   scripts/neo4j-server.sh start    # gather jars (first time), wipe the database, set the password, start, wait for Bolt
#   scripts/neo4j-server.sh stop     # SIGTERM, SIGKILL after 30 s, wait until gone
#   scripts/neo4j-server.sh status   # exit 0 if running (and Bolt answers), 3 if not
#
# Environment (all optional):
#   PAPERKG_NEO4J_HOME  cache dir for jars, conf, data, logs  (default $HOME/.cache/paperkg/neo4j-5.26)
#   NEO4J_BOLT_PORT     default 7687        NEO4J_HTTP_PORT   default 7474
#   NEO4J_PASSWORD      password of user "neo4j" (>= 8 chars; default paperkg-test-pw); never printed
#   NEO4J_HEAP          JVM heap, default 1g (pagecache 256m is in scripts/neo4j/neo4j.conf)
#   NEO4J_START_TIMEOUT seconds to wait for Bolt, default 180
#   NEO4J_JAVA          java binary (default $JAVA_HOME/bin/java, else java on PATH); Neo4j 5.26 supports Java 17/21
#
# Every start begins from an EMPTY database (data/, logs/, run/ are wiped) so tests are reproducible.
# The jars are gathered once with Maven into the cache dir and reused while scripts/neo4j/pom.xml is unchanged.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
POM="$SCRIPT_DIR/neo4j/pom.xml"
CONF_TEMPLATE="$SCRIPT_DIR/neo4j/neo4j.conf"
N4J_HOME="${PAPERKG_NEO4J_HOME:-$HOME/.cache/paperkg/neo4j-5.26}"
BOLT_PORT="${NEO4J_BOLT_PORT:-7687}"
HTTP_PORT="${NEO4J_HTTP_PORT:-7474}"
HEAP="${NEO4J_HEAP:-1g}"
START_TIMEOUT="${NEO4J_START_TIMEOUT:-180}"
STOP_TIMEOUT=30
PID_FILE="$N4J_HOME/run/neo4j.pid"
MAIN_CLASS=org.neo4j.server.CommunityEntryPoint
case "$N4J_HOME" in ""|/|"$HOME"|"$HOME/") echo "neo4j-server: refusing PAPERKG_NEO4J_HOME='$N4J_HOME' (start wipes its data/ and logs/)" >&2; exit 1;; esac

log() { printf 'neo4j-server: %s\n' "$*"; }
die() { printf 'neo4j-server: ERROR: %s\n' "$*" >&2; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# pid from the pid file if that process is alive and is our server (guards against pid reuse)
server_pid() {
  local pid
  [ -f "$PID_FILE" ] || return 1
  pid="$(cat "$PID_FILE" 2>/dev/null)" || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q "$MAIN_CLASS" || return 1
  echo "$pid"
}

java_bin() {
  if [ -n "${NEO4J_JAVA:-}" ]; then echo "$NEO4J_JAVA"
  elif [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then echo "$JAVA_HOME/bin/java"
  else command -v java || die "no java found (install a JDK 17 or 21, or set NEO4J_JAVA)"; fi
}

show_logs() {
  local f
  for f in "$N4J_HOME/logs/console.log" "$N4J_HOME/logs/neo4j.log" "$N4J_HOME/logs/debug.log"; do
    [ -s "$f" ] || continue
    echo "----- last 50 lines of $f -----" >&2
    tail -n 50 "$f" >&2
  done
}

# Gather lib/ and plugins/ with Maven, unless the cache already matches this pom.xml.
ensure_jars() {
  local stamp have=""
  stamp="$(sha256sum "$POM" | cut -d' ' -f1)"
  [ -f "$N4J_HOME/.jars-stamp" ] && have="$(cat "$N4J_HOME/.jars-stamp")"
  if [ "$have" = "$stamp" ] && [ -d "$N4J_HOME/lib" ] && [ -d "$N4J_HOME/plugins" ]; then return 0; fi
  command -v mvn >/dev/null || die "mvn not found: needed once to gather the Neo4j jars into $N4J_HOME"
  log "gathering Neo4j jars from Maven Central into $N4J_HOME (first run only) ..."
  rm -rf "$N4J_HOME/lib" "$N4J_HOME/plugins" "$N4J_HOME/build" "$N4J_HOME/.jars-stamp"
  if ! mvn -q -B -Dstyle.color=never -f "$POM" package -Dneo4j.home="$N4J_HOME" > "$N4J_HOME/mvn.log" 2>&1; then
    echo "----- last 50 lines of $N4J_HOME/mvn.log -----" >&2
    tail -n 50 "$N4J_HOME/mvn.log" >&2
    die "mvn failed to gather the Neo4j jars"
  fi
  ls "$N4J_HOME"/lib/neo4j-server-*.jar >/dev/null 2>&1 || die "mvn ran but $N4J_HOME/lib has no neo4j-server jar"
  echo "$stamp" > "$N4J_HOME/.jars-stamp"
}

# Sets the initial password of user neo4j (neo4j-admin dbms set-initial-password): writes data/dbms/auth.ini,
# which the server applies when it creates the system database. The password goes through a private java
# @argfile (deleted right away), so it never appears on a command line, in ps or in a log.
set_initial_password() {
  local java="$1" pw="${NEO4J_PASSWORD:-paperkg-test-pw}" argfile out
  [ "${#pw}" -ge 8 ] || die "NEO4J_PASSWORD must have at least 8 characters (Neo4j 5 default minimum)"
  [ "$pw" != neo4j ] || die "NEO4J_PASSWORD must not be 'neo4j'"
  case "$pw" in @*|*$'\n'*) die "NEO4J_PASSWORD must not start with '@' or contain a newline";; esac
  argfile="$(umask 077 && mktemp "$N4J_HOME/run/.admin-args.XXXXXX")"
  pw="${pw//\\/\\\\}"; pw="${pw//\"/\\\"}"   # java @argfile quoting: escape \ and "
  printf 'org.neo4j.cli.AdminTool\ndbms\nset-initial-password\n"%s"\n' "$pw" > "$argfile"
  if ! out="$(env -u NEO4J_PASSWORD NEO4J_HOME="$N4J_HOME" NEO4J_CONF="$N4J_HOME/conf" \
              "$java" -Xmx256m -cp "$N4J_HOME/lib/*" "@$argfile" 2>&1)"; then
    rm -f "$argfile"
    printf '%s\n' "$out" | tail -n 50 >&2
    die "setting the initial password failed"
  fi
  rm -f "$argfile"
}

cmd_start() {
  mkdir -p "$N4J_HOME"
  # one start at a time per cache dir
  exec 9> "$N4J_HOME/.lock"
  command -v flock >/dev/null && { flock -w 600 9 || die "timed out waiting for another start"; }

  local pid
  if pid="$(server_pid)"; then
    if port_open "$BOLT_PORT"; then
      log "already running (pid $pid): bolt://127.0.0.1:$BOLT_PORT"; exit 0
    fi
  elif port_open "$BOLT_PORT"; then
    log "something is already listening on 127.0.0.1:$BOLT_PORT (not started by this script, or pid file lost); leaving it alone"
    exit 0
  fi
  if [ -n "${pid:-}" ]; then
    log "server pid $pid is alive but Bolt is not up; restarting it"
    cmd_stop
  fi
  [ "$HTTP_PORT" != "$BOLT_PORT" ] || die "NEO4J_HTTP_PORT and NEO4J_BOLT_PORT must differ"
  if port_open "$HTTP_PORT"; then die "port 127.0.0.1:$HTTP_PORT (NEO4J_HTTP_PORT) is already in use"; fi

  ensure_jars
  local java; java="$(java_bin)"

  # fresh, empty database every time
  rm -rf "$N4J_HOME/data" "$N4J_HOME/logs" "$N4J_HOME/run" "$N4J_HOME/conf" "$N4J_HOME/import"
  mkdir -p "$N4J_HOME/data" "$N4J_HOME/logs" "$N4J_HOME/run" "$N4J_HOME/conf" "$N4J_HOME/import"
  sed -e "s/@BOLT_PORT@/$BOLT_PORT/g" -e "s/@HTTP_PORT@/$HTTP_PORT/g" "$CONF_TEMPLATE" > "$N4J_HOME/conf/neo4j.conf"

  set_initial_password "$java"

  local jvm_opts=(-Xms"$HEAP" -Xmx"$HEAP" -XX:+UseG1GC -XX:-OmitStackTraceInFastThrow -XX:+DisableExplicitGC
    -XX:+ExitOnOutOfMemoryError -XX:+UnlockExperimentalVMOptions -XX:+TrustFinalNonStaticFields
    -Dfile.encoding=UTF-8 -Djdk.nio.maxCachedBufferSize=1024 -Dio.netty.tryReflectionSetAccessible=true
    -Dlog4j2.disable.jmx=true
    --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED
    --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED)
  # classpath order as in the official launcher: plugins/*, conf, lib/*
  # env -u: the password is in data/dbms/auth.ini now; it must not linger in the server's environment
  # (readable in /proc/PID/environ and `ps eww`)
  cd "$N4J_HOME"
  env -u NEO4J_PASSWORD setsid nohup "$java" "${jvm_opts[@]}" -cp "$N4J_HOME/plugins/*:$N4J_HOME/conf:$N4J_HOME/lib/*" "$MAIN_CLASS" \
      --home-dir="$N4J_HOME" --config-dir="$N4J_HOME/conf" \
      > "$N4J_HOME/logs/console.log" 2>&1 < /dev/null 9>&- &
  pid=$!
  echo "$pid" > "$PID_FILE"
  log "starting Neo4j (pid $pid, java: $("$java" -version 2>&1 | head -n1)); waiting up to ${START_TIMEOUT}s for Bolt ..."

  local t0=$SECONDS
  while (( SECONDS - t0 < START_TIMEOUT )); do
    if ! kill -0 "$pid" 2>/dev/null; then
      show_logs; rm -f "$PID_FILE"; die "Neo4j exited during startup"
    fi
    if port_open "$BOLT_PORT" && port_open "$HTTP_PORT"; then
      log "up after $((SECONDS - t0))s: bolt://127.0.0.1:$BOLT_PORT  http://127.0.0.1:$HTTP_PORT  (user neo4j, password from NEO4J_PASSWORD)"
      exit 0
    fi
    sleep 1
  done
  show_logs
  cmd_stop >&2 || true
  die "Bolt not up on 127.0.0.1:$BOLT_PORT after ${START_TIMEOUT}s"
}

cmd_stop() {
  local pid
  if ! pid="$(server_pid)"; then
    rm -f "$PID_FILE"
    if port_open "$BOLT_PORT"; then
      log "not started by this script, but something listens on 127.0.0.1:$BOLT_PORT; leaving it alone"
    else
      log "not running"
    fi
    return 0
  fi
  log "stopping pid $pid ..."
  kill -TERM "$pid" 2>/dev/null || true
  local t0=$SECONDS
  while kill -0 "$pid" 2>/dev/null && (( SECONDS - t0 < STOP_TIMEOUT )); do sleep 0.5; done
  if kill -0 "$pid" 2>/dev/null; then
    log "still alive after ${STOP_TIMEOUT}s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.5; done
  fi
  rm -f "$PID_FILE"
  log "stopped after $((SECONDS - t0))s"
}

cmd_status() {
  local pid
  if pid="$(server_pid)"; then
    if port_open "$BOLT_PORT"; then
      log "running (pid $pid): bolt://127.0.0.1:$BOLT_PORT  http://127.0.0.1:$HTTP_PORT"; exit 0
    fi
    log "process $pid alive but Bolt not (yet) up on 127.0.0.1:$BOLT_PORT"; exit 3
  fi
  if port_open "$BOLT_PORT"; then
    log "not started by this script, but something listens on 127.0.0.1:$BOLT_PORT"; exit 0
  fi
  log "not running"; exit 3
}

case "${1:-}" in
  start)  cmd_start ;;
  stop)   cmd_stop ;;
  status) cmd_status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
