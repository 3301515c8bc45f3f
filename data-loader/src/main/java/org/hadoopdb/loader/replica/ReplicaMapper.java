package org.hadoopdb.loader.replica;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.job.LoadCounters;
import org.hadoopdb.loader.job.LoadJobs;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.LoadTaskObserver;
import org.hadoopdb.loader.job.NodeJobs;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.job.NodeSplit;
import org.hadoopdb.loader.job.NodeTaskCheckpoint;
import org.hadoopdb.loader.job.SideFiles;
import org.hadoopdb.loader.local.ChunkStats;
import org.hadoopdb.loader.physical.ChunkSql;
import org.hadoopdb.loader.physical.PhysicalNames;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyOut;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the replicas one node holds (one task per receiving node, the nodes in parallel): each chunk
 * is streamed from its primary's staging table with {@code COPY ... TO STDOUT} straight into
 * {@code COPY ... FROM STDIN} on this node (binary format: no conversion to text and back), in the
 * primary's physical (clustered) order; then indexed, analyzed and committed. The replica must hold
 * exactly as many rows as its primary. Like the Local Hasher, a retried task starts each chunk
 * from scratch.
 */
public final class ReplicaMapper extends Mapper<IntWritable, NullWritable, NullWritable, NullWritable> {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicaMapper.class);
    private static final int BUFFER = 256 * 1024;

    @Override
    public void run(Context ctx) throws IOException, InterruptedException {
        setup(ctx);
        Configuration conf = ctx.getConfiguration();
        LoadPlan plan = LoadPlan.load(conf);
        int position = ((NodeSplit) ctx.getInputSplit()).position();
        NodeInfo target = plan.nodes().get(position);
        int attempt = LoadJobs.attempt(conf, ctx.getTaskAttemptID().getId());
        LoadTaskObserver observer = LoadTaskObserver.of(conf);
        HadoopDbConfig config = HadoopDbConfig.of(conf).with(Map.of(ConfigKeys.POOL_MAX_SIZE.name(), "2"));
        List<NodeReport.ChunkResult> results = new ArrayList<>();
        long t0 = System.nanoTime();
        try (NodePools pools = new NodePools(config)) {
            for (int chunk : plan.replicasOnNode(position)) {
                NodeInfo source = plan.nodes().get(plan.primaryOf(chunk));
                results.add(replicate(ctx, plan, chunk, source, target, pools, observer, attempt));
                ctx.getCounter(LoadCounters.CHUNKS_REPLICATED).increment(1);
                ctx.progress();
            }
        } catch (SQLException e) {
            LoaderException failure = new LoaderException("Replicating chunks of table '" + plan.table().name() + "' to node "
                    + target.id() + " failed: " + e.getMessage(), e);
            NodeJobs.recordFailure(ctx, target.id(), failure);
            throw failure;
        } catch (RuntimeException e) {
            NodeJobs.recordFailure(ctx, target.id(), e);
            throw e;
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        NodeReport report = new NodeReport(target.id(), attempt, results, 0, 0, 0, ms);
        try (OutputStream out = SideFiles.create(ctx, SideFiles.SUMMARIES + "/" + SideFiles.taskFileName(ctx))) {
            report.write(out);
        }
        cleanup(ctx);
    }

    private NodeReport.ChunkResult replicate(Context ctx, LoadPlan plan, int chunk, NodeInfo source, NodeInfo target,
                                             NodePools pools, LoadTaskObserver observer, int attempt) throws SQLException {
        String schema = plan.stagingSchema(chunk);
        String columns = ChunkSql.columnList(plan.table());
        try (Connection dst = pools.connect(target); Connection src = pools.connect(source)) {
            boolean ok = false;
            CopyIn in = null;
            CopyOut out = null;
            try {
                dst.setAutoCommit(false);
                ChunkSql.createTable(dst, schema, plan.table(), plan.tag());
                in = dst.unwrap(PGConnection.class).getCopyAPI()
                        .copyIn(ChunkSql.copyIn(schema, plan.table(), "FORMAT binary, FREEZE"));
                out = src.unwrap(PGConnection.class).getCopyAPI().copyOut("COPY "
                        + PhysicalNames.qualified(schema, plan.table().name()) + " (" + columns + ") TO STDOUT WITH (FORMAT binary)");
                byte[] buffer = new byte[BUFFER];
                int length = 0;
                byte[] message;
                NodeTaskCheckpoint checkpoint = new NodeTaskCheckpoint(target, attempt, chunk,
                        dst.unwrap(PGConnection.class).getBackendPID(), ctx.getConfiguration());
                boolean observed = false;
                while ((message = out.readFromCopy()) != null) {
                    if (length + message.length > buffer.length) {
                        in.writeToCopy(buffer, 0, length);
                        length = 0;
                        if (!observed) {
                            observed = true;
                            observer.replicating(checkpoint);
                        }
                    }
                    if (message.length > buffer.length) {
                        in.writeToCopy(message, 0, message.length);
                    } else {
                        System.arraycopy(message, 0, buffer, length, message.length);
                        length += message.length;
                    }
                }
                if (length > 0) {
                    in.writeToCopy(buffer, 0, length);
                }
                if (!observed) {
                    observer.replicating(checkpoint);
                }
                long rows = in.endCopy();
                long primaryRows = out.getHandledRowCount();
                if (rows != primaryRows) {
                    throw new LoaderException("Replica of chunk " + chunk + " on node " + target.id() + " got " + rows
                            + " rows but its primary on node " + source.id() + " has " + primaryRows);
                }
                ctx.getCounter(LoadCounters.ROWS_REPLICATED).increment(rows);
                ChunkSql.buildIndexes(dst, schema, plan.table(), plan.descendingSortColumns(), false);
                ChunkSql.analyze(dst, schema, plan.table());
                NodeReport.ChunkResult result = ChunkStats.chunkResult(dst, plan, chunk, schema, target.id(), rows, rows);
                dst.commit();
                ok = true;
                LOG.debug("Replicated chunk {} of {} from {} to {}: {} rows", chunk, plan.table().name(), source.id(), target.id(), rows);
                return result;
            } finally {
                // An active COPY holds the connection's lock: a rollback behind it would wait forever.
                cancel(in, "into node " + target.id(), chunk);
                cancel(out, "from node " + source.id(), chunk);
                if (!ok && !dst.isClosed()) {
                    try {
                        dst.rollback();
                    } catch (SQLException e) {
                        LOG.debug("Rollback of the replica of chunk {} on {} failed: {}", chunk, target.id(), e.getMessage());
                    }
                }
            }
        }
    }

    private static void cancel(org.postgresql.copy.CopyOperation copy, String where, int chunk) {
        if (copy == null || !copy.isActive()) {
            return;
        }
        try {
            copy.cancelCopy();
        } catch (SQLException e) {
            LOG.debug("Cancelling the COPY of chunk {} {} failed (the connection is probably gone): {}", chunk, where, e.getMessage());
        }
    }
}
