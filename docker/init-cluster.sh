#!/usr/bin/env bash
# Runs in the hadoopdb container (docker/compose.yaml): waits for HDFS, YARN and every worker's
# PostgreSQL, registers the workers' PostgreSQL servers as HadoopDB nodes, adds the query server's
# user, loads a small sample of the paper's benchmark data, then runs 'hadoopdb ARGS...' if given
# (compose passes 'server'). Every step is skipped when already done, so a restart repeats nothing.
#
# Environment (defaults in brackets):
#   HADOOPDB_WORKERS       worker host names            [worker1 worker2 worker3]
#   HADOOPDB_PG_USER       PostgreSQL user on workers   [hadoopdb]
#   HADOOPDB_PG_DATABASE   database on every worker     [hadoopdb]
#   HADOOPDB_SERVER_USER   query server user to create  [analyst]
#   HADOOPDB_SAMPLE        pavlo | none                 [pavlo]
#   HADOOPDB_WAIT_SECONDS  how long to wait per service [600]
# Passwords are read from the compose secrets /run/secrets/pg_password and
# /run/secrets/hadoopdb_password, never from the environment or the command line.
set -euo pipefail

WORKERS="${HADOOPDB_WORKERS:-worker1 worker2 worker3}"
PG_USER="${HADOOPDB_PG_USER:-hadoopdb}"
PG_DATABASE="${HADOOPDB_PG_DATABASE:-hadoopdb}"
SERVER_USER="${HADOOPDB_SERVER_USER:-analyst}"
SAMPLE="${HADOOPDB_SAMPLE:-pavlo}"
WAIT_SECONDS="${HADOOPDB_WAIT_SECONDS:-600}"
PG_PASSWORD_FILE=/run/secrets/pg_password
SERVER_PASSWORD_FILE=/run/secrets/hadoopdb_password
NAMENODE_HTTP=http://namenode:9870
RM_HTTP=http://resourcemanager:8088
HISTORY_HTTP=http://historyserver:19888
SAMPLE_DIR=/tmp/hadoopdb-sample   # the paths in sample/pavlo.hql
APP=/opt/hadoopdb

log() { echo "init-cluster: $*" >&2; }
fail() { log "$*"; exit 1; }

# wait_for WHAT COMMAND...: runs COMMAND every 2 s until it succeeds, at most WAIT_SECONDS.
wait_for() {
  local what="$1" deadline=$((SECONDS + WAIT_SECONDS))
  shift
  until "$@" >/dev/null 2>&1; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      fail "gave up after ${WAIT_SECONDS}s waiting for $what (docker compose logs shows why; raise HADOOPDB_WAIT_SECONDS if it is only slow)"
    fi
    sleep 2
  done
  log "$what is up"
}

hdfs_writable() {
  # out of safe mode (the JMX 'Safemode' string is empty) with at least one live DataNode
  local info
  info=$(curl -fsS "$NAMENODE_HTTP/jmx?qry=Hadoop:service=NameNode,name=NameNodeInfo") || return 1
  [ "$(jq -r '.beans[0].Safemode' <<<"$info")" = "" ] || return 1
  [ "$(jq -r '.beans[0].LiveNodes | fromjson | length' <<<"$info")" -ge 1 ]
}

# The host name YARN's NodeManager on WORKER registered with: map tasks are placed by it, so a
# node registered under another name would never get local tasks.
yarn_host_of() {
  curl -fsS "$RM_HTTP/ws/v1/cluster/nodes?states=RUNNING" \
    | jq -r --arg w "$1" '.nodes.node[]?.nodeHostName | select(. == $w or startswith($w + "."))' | head -n 1
}

yarn_knows() { [ -n "$(yarn_host_of "$1")" ]; }

for f in "$PG_PASSWORD_FILE" "$SERVER_PASSWORD_FILE"; do
  [ -r "$f" ] || fail "cannot read the secret $f: run docker/make-secrets.sh before 'docker compose up' (docs/docker.md)"
done

wait_for "HDFS ($NAMENODE_HTTP)" hdfs_writable
wait_for "the MapReduce history server ($HISTORY_HTTP)" curl -fsS "$HISTORY_HTTP/ws/v1/history/info"
for w in $WORKERS; do
  wait_for "PostgreSQL on $w" pg_isready -q -h "$w" -p 5432 -U "$PG_USER" -d "$PG_DATABASE"
  wait_for "the NodeManager on $w" yarn_knows "$w"
done

# ---- nodes: one per worker PostgreSQL, password in the HDFS key store --------------------------
status=$(hadoopdb cluster status)
for w in $WORKERS; do
  if grep -Eq "^${w}[[:space:]]" <<<"$status"; then
    log "node $w is registered already"
    continue
  fi
  host=$(yarn_host_of "$w")
  hadoopdb cluster add-node "$w" --jdbc-url "jdbc:postgresql://$w:5432/$PG_DATABASE" --host "$host" \
    --user "$PG_USER" --password-file "$PG_PASSWORD_FILE"
done

# ---- the query server's user (add-user also resets the password when the secret changed) -------
hadoopdb server add-user "$SERVER_USER" --password-file "$SERVER_PASSWORD_FILE"

# ---- a small sample of the paper's data: Rankings, UserVisits, Grep (about 11 MB) ---------------
if [ "$SAMPLE" = "pavlo" ]; then
  tables=$(hadoopdb -S -e "SHOW TABLES")
  if grep -qx uservisits <<<"$tables"; then
    log "the sample tables are loaded already"
  else
    # The paper's generator (datagen module): 20,000 UserVisits rows per worker, the other
    # tables in the paper's proportions.
    java -cp "$APP/benchmarks/target/classes:$APP/benchmarks/target/lib/*" org.hadoopdb.datagen.GenerateMain \
      --out "$SAMPLE_DIR" --scale 20000rows --nodes "$(wc -w <<<"$WORKERS")" --tables rankings,uservisits,grep --overwrite >&2
    hadoopdb -f "$APP/sample/pavlo.hql"
    rm -rf "$SAMPLE_DIR"
  fi
elif [ "$SAMPLE" != "none" ]; then
  fail "HADOOPDB_SAMPLE is '$SAMPLE': use pavlo or none"
fi

log "the cluster is ready: docker compose exec hadoopdb hadoopdb -e \"SELECT COUNT(*) FROM uservisits\""
if [ "$#" -gt 0 ]; then
  exec hadoopdb "$@"
fi
