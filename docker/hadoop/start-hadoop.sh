#!/usr/bin/env bash
# Starts one Hadoop role in the foreground: namenode | resourcemanager | historyserver | worker.
# A worker runs a DataNode and a NodeManager; when either stops, the other is stopped too and the
# container exits, so Docker reports the worker as down instead of half up.
set -euo pipefail

role="${1:-worker}"
hadoop_bin=/opt/hadoop/bin
mkdir -p /data/logs

case "$role" in
  namenode)
    if [ ! -f /data/namenode/current/VERSION ]; then
      echo "start-hadoop: formatting a new HDFS in /data/namenode" >&2
      "$hadoop_bin/hdfs" namenode -format -nonInteractive -clusterId hadoopdb
    fi
    exec "$hadoop_bin/hdfs" namenode
    ;;
  resourcemanager)
    exec "$hadoop_bin/yarn" resourcemanager
    ;;
  historyserver)
    exec "$hadoop_bin/mapred" historyserver
    ;;
  worker)
    mkdir -p /data/datanode /data/yarn/local /data/yarn/logs
    "$hadoop_bin/hdfs" datanode &
    datanode=$!
    "$hadoop_bin/yarn" nodemanager &
    nodemanager=$!
    stop() { kill -TERM "$datanode" "$nodemanager" 2>/dev/null || true; }
    trap stop TERM INT
    status=0
    wait -n || status=$?
    echo "start-hadoop: a worker daemon exited (status $status); stopping the other" >&2
    stop
    wait || true
    exit "$status"
    ;;
  *)
    echo "start-hadoop: unknown role '$role': use namenode, resourcemanager, historyserver or worker" >&2
    exit 2
    ;;
esac
