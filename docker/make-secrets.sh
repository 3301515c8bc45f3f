#!/usr/bin/env bash
# Writes the compose secrets docker/compose.yaml expects, with random passwords, unless they exist:
#   docker/secrets/pg-password         the workers' PostgreSQL user 'hadoopdb'
#   docker/secrets/hadoopdb-password   the query server user (HADOOPDB_SERVER_USER, 'analyst')
# The directory is private to you (0700); the files inside are world-readable only so that the
# containers' own users (postgres, hadoopdb) can read them through their bind mounts.
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/secrets"
mkdir -p "$dir"
chmod 0700 "$dir"
for name in pg-password hadoopdb-password; do
  file="$dir/$name"
  if [ -s "$file" ]; then
    echo "make-secrets: keeping $file"
    continue
  fi
  # 24 random bytes, base64 without '/' and '+' so the value is safe in URLs and shells
  head -c 24 /dev/urandom | base64 | tr -d '\n/+=' >"$file"
  echo >>"$file"
  chmod 0644 "$file"
  echo "make-secrets: wrote $file"
done
