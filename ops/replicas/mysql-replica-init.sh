#!/bin/sh
# Runs once, when the mysql-replica container initialises its empty data directory
# (docker-entrypoint-initdb.d): follow the primary "mysql" from its first GTID, so the
# schema, the app user and every row arrive by replication. Used by the "replicas"
# profile of docker-compose.yml; docs/scaling.md describes the topology.
set -eu
mysql -uroot -p"$MYSQL_ROOT_PASSWORD" <<SQL
CHANGE REPLICATION SOURCE TO
  SOURCE_HOST = 'mysql',
  SOURCE_PORT = 3306,
  SOURCE_USER = 'root',
  SOURCE_PASSWORD = '$PRIMARY_ROOT_PASSWORD',
  SOURCE_AUTO_POSITION = 1,
  SOURCE_CONNECT_RETRY = 5,
  GET_SOURCE_PUBLIC_KEY = 1;
START REPLICA;
SQL
