package org.hadoopdb.peers.hive;

import java.nio.file.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.serde2.SerDeUtils;
import org.apache.hadoop.hive.serde2.thrift.ThriftFormatter;

/**
 * The configuration of a Hive embedded in the runner, everything kept in its work directory: a Derby metastore
 * created on first use, the warehouse, the scratch directories; queries on MapReduce's local runner.
 */
final class HiveWorkDirConf {
    private HiveWorkDirConf() {
    }

    /** A configuration whose metastore, warehouse and scratch space all live under {@code workDir}. */
    static HiveConf create(Path workDir) {
        Path dir = workDir.toAbsolutePath();
        HiveConf conf = new HiveConf();
        // the metastore: embedded (no thrift URI), Derby in the work directory, its schema created by DataNucleus
        conf.set("hive.metastore.uris", "");
        conf.set("javax.jdo.option.ConnectionURL", "jdbc:derby:;databaseName=" + dir.resolve("metastore_db") + ";create=true");
        conf.set("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
        conf.setBoolean("datanucleus.schema.autoCreateAll", true);
        conf.setBoolean("hive.metastore.schema.verification", false);
        // the metastore's direct SQL expects the schema tool's complete schema; DataNucleus creates its tables as they
        // are first used, so direct SQL would fail (and log it) before falling back to DataNucleus each time
        conf.setBoolean("hive.metastore.try.direct.sql", false);
        conf.set("hive.metastore.warehouse.dir", dir.resolve("warehouse").toUri().toString());
        conf.set("hive.metastore.warehouse.external.dir", dir.resolve("warehouse-external").toUri().toString());
        // the scratch space
        conf.set("hive.exec.scratchdir", dir.resolve("scratch").toString());
        conf.set("hive.exec.local.scratchdir", dir.resolve("local-scratch").toString());
        conf.set("hive.downloaded.resources.dir", dir.resolve("resources").toString());
        conf.set("hive.querylog.location", dir.resolve("querylog").toString());
        conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
        // Hive on MapReduce, Hadoop's local runner inside this JVM, the local file system
        conf.set("hive.execution.engine", "mr");
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        // one map and one reduce task at a time, Hive's local mode as Hive runs it: Hive caches a job's operator tree
        // per JVM, so two map tasks of one job running at once in this JVM share one FileSinkOperator and collide
        // (FileAlreadyExistsException on -tmp.000000_0, then NullPointerExceptions: seen at 2 GB, where an input has
        // several splits). HadoopDB's own local jobs run the machine's cores at once; Hive's cannot here.
        conf.setInt("mapreduce.local.map.tasks.maximum", 1);
        conf.setInt("mapreduce.local.reduce.tasks.maximum", 1);
        // MapReduce tasks and a map join's local hash table task run in this JVM: by default Hive starts the latter in a
        // child JVM through Hadoop's `hadoop` command, which is not installed
        conf.setBoolean("hive.exec.submitviachild", false);
        conf.setBoolean("hive.exec.submit.local.task.via.child", false);
        // the benchmark times queries, not statistics gathering; a failed query is reported, not run again
        conf.setBoolean("hive.stats.autogather", false);
        conf.setBoolean("hive.stats.column.autogather", false);
        conf.setBoolean("hive.query.reexecution.enabled", false);
        // no locks, no transactions, no background services: one session, plain (non-ACID) tables
        conf.setBoolean("hive.support.concurrency", false);
        conf.set("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DummyTxnManager");
        conf.setBoolean("hive.scheduled.queries.executor.enabled", false);
        conf.setBoolean("hive.server2.enable.doAs", false);
        // Hive's console messages (job progress, "Query ID = …") off: the log keeps warnings and errors
        conf.setBoolean("hive.session.silent", true);
        // rows are fetched as Java values (as HiveServer2 fetches them), not as tab-joined text
        conf.set(SerDeUtils.LIST_SINK_OUTPUT_FORMATTER, ThriftFormatter.class.getName());
        conf.setInt(SerDeUtils.LIST_SINK_OUTPUT_PROTOCOL, Integer.MAX_VALUE);
        return conf;
    }
}
