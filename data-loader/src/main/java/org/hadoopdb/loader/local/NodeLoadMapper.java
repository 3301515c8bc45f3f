package org.hadoopdb.loader.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.partition.KeyHasher;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.job.FaultInjection;
import org.hadoopdb.loader.job.LoadCounters;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.NodeJobs;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.job.NodeSplit;
import org.hadoopdb.loader.job.SideFiles;
import org.hadoopdb.loader.physical.ChunkSql;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Local Hasher and bulk load of one node (one task per node, the nodes in parallel): reads the
 * node's part of the Global Hasher's output, splits it into the node's chunks by the second hash
 * ({@code KeyHasher.localChunk}; round-robin for a random table), streams each chunk into its staging
 * table with {@code COPY} (all of the node's chunks at once, one connection each), then builds the
 * indexes (with {@code CLUSTER} for a sort order) and runs {@code ANALYZE}, and commits each chunk.
 *
 * <p>Everything a chunk gets happens in one transaction that starts by dropping and recreating the
 * staging schema: a failed attempt leaves nothing, and a retried one starts from scratch, so rows are
 * never loaded twice.
 */
public final class NodeLoadMapper extends Mapper<IntWritable, NullWritable, NullWritable, NullWritable> {
    private static final Logger LOG = LoggerFactory.getLogger(NodeLoadMapper.class);
    private static final int READ_BUFFER = 1 << 20;

    @Override
    public void run(Context ctx) throws IOException, InterruptedException {
        setup(ctx);
        Configuration conf = ctx.getConfiguration();
        LoadPlan plan = LoadPlan.load(conf);
        int position = ((NodeSplit) ctx.getInputSplit()).position();
        NodeInfo node = plan.nodes().get(position);
        int attempt = FaultInjection.attempt(conf, ctx.getTaskAttemptID().getId());
        List<Integer> chunks = plan.chunksOfNode(position);
        HadoopDbConfig config = HadoopDbConfig.of(conf).with(Map.of(ConfigKeys.POOL_MAX_SIZE.name(), Integer.toString(chunks.size() + 2)));
        NodeReport report;
        try (NodePools pools = new NodePools(config); KeepAlive alive = new KeepAlive(ctx)) {
            report = load(ctx, plan, position, node, chunks, pools, attempt);
        } catch (SQLException e) {
            LoaderException failure = new LoaderException("Loading node " + node.id() + " (" + node.jdbcUrl() + ") failed: "
                    + e.getMessage(), e);
            NodeJobs.recordFailure(ctx, node.id(), failure);
            throw failure;
        } catch (IOException | RuntimeException e) {
            NodeJobs.recordFailure(ctx, node.id(), e);
            throw e;
        }
        try (OutputStream out = SideFiles.create(ctx, SideFiles.SUMMARIES + "/" + SideFiles.taskFileName(ctx))) {
            report.write(out);
        }
        cleanup(ctx);
    }

    private NodeReport load(Context ctx, LoadPlan plan, int position, NodeInfo node, List<Integer> chunks, NodePools pools,
                            int attempt) throws SQLException, IOException {
        List<ChunkWriter> writers = new ArrayList<>();
        try {
            long t0 = System.nanoTime();
            for (int chunk : chunks) {
                ChunkWriter w = new ChunkWriter(pools, node, chunk, plan.stagingSchema(chunk), plan.table());
                writers.add(w);
                w.create(plan.tag(), plan.previousSchema(chunk, node.id()).orElse(null));
                w.startCopy();
            }
            FaultInjection fault = FaultInjection.of(ctx.getConfiguration());
            boolean failCopy = fault != null && fault.fires("copy", node.id(), attempt);
            copy(ctx, plan, position, writers, failCopy ? () -> terminate(pools, node, writers.get(0)) : null);
            for (ChunkWriter w : writers) {
                ctx.getCounter(LoadCounters.ROWS_COPIED).increment(w.endCopy());
            }
            long t1 = System.nanoTime();
            Set<String> descending = plan.descendingSortColumns();
            for (ChunkWriter w : writers) {
                ChunkSql.buildIndexes(w.connection(), w.schema, plan.table(), descending, true);
                ctx.getCounter(LoadCounters.CHUNKS_INDEXED).increment(1);
            }
            long t2 = System.nanoTime();
            List<NodeReport.ChunkResult> results = new ArrayList<>();
            for (ChunkWriter w : writers) {
                ChunkSql.analyze(w.connection(), w.schema, plan.table());
                results.add(ChunkStats.chunkResult(w.connection(), plan, w.chunk, w.schema, node.id(), w.previousRows() + w.copiedRows(),
                        w.copiedRows()));
                w.commit();
                ctx.getCounter(LoadCounters.CHUNKS_ANALYZED).increment(1);
            }
            long t3 = System.nanoTime();
            LOG.info("Node {} loaded {} chunk(s) of {} in {} ms (COPY {} ms, indexes {} ms, ANALYZE {} ms)", node.id(),
                    chunks.size(), plan.table().name(), (t3 - t0) / 1_000_000, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000,
                    (t3 - t2) / 1_000_000);
            return new NodeReport(node.id(), attempt, results, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000,
                    (t3 - t2) / 1_000_000, 0);
        } finally {
            for (ChunkWriter w : writers) {
                w.close();
            }
        }
    }

    /** Streams the node's part into the chunk writers; calls {@code midway} (if any) halfway through, to fail on purpose. */
    private void copy(Context ctx, LoadPlan plan, int position, List<ChunkWriter> writers, Runnable midway)
            throws IOException, SQLException {
        Configuration conf = ctx.getConfiguration();
        Path dir = new Path(new Path(plan.workDir(), "global"), plan.isReplicated() ? "all" : "node-" + position);
        FileSystem fs = SideFiles.rawFileSystem(dir, conf);
        List<FileStatus> files = new ArrayList<>();
        if (fs.exists(dir)) {
            for (FileStatus st : fs.listStatus(dir)) {
                if (st.isFile() && st.getPath().getName().startsWith("part-")) {
                    files.add(st);
                }
            }
        }
        files.sort((a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
        long total = files.stream().mapToLong(FileStatus::getLen).sum();
        Counter bytesCounter = ctx.getCounter(LoadCounters.BYTES_COPIED);
        Router router = router(plan, position);
        long done = 0;
        boolean failed = false;
        byte[] buf = new byte[READ_BUFFER];
        for (FileStatus file : files) {
            int len = 0;
            try (InputStream in = fs.open(file.getPath())) {
                int n;
                while ((n = in.read(buf, len, buf.length - len)) > 0) {
                    len += n;
                    done += n;
                    int consumed = router == null ? whole(buf, len, writers.get(0)) : byLine(buf, len, writers, router);
                    bytesCounter.increment(consumed);
                    System.arraycopy(buf, consumed, buf, 0, len - consumed);
                    len -= consumed;
                    if (len == buf.length) {
                        buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than the buffer
                    }
                    if (midway != null && !failed && done * 2 >= total) {
                        failed = true;
                        midway.run();
                    }
                }
            }
            if (len > 0) {
                throw new LoaderException("Corrupt intermediate file " + file.getPath() + ": it does not end with a line break");
            }
        }
        if (midway != null && !failed) {
            midway.run();
        }
    }

    /** All bytes go to one chunk: pass whole lines through without looking at them. */
    private static int whole(byte[] buf, int len, ChunkWriter w) throws SQLException {
        int end = len;
        while (end > 0 && buf[end - 1] != '\n') {
            end--;
        }
        w.write(buf, 0, end);
        return end;
    }

    private static int byLine(byte[] buf, int len, List<ChunkWriter> writers, Router router) throws SQLException {
        int start = 0;
        for (int i = 0; i < len; i++) {
            if (buf[i] == '\n') {
                writers.get(router.localChunk(buf, start, i)).write(buf, start, i + 1 - start);
                start = i + 1;
            }
        }
        return start;
    }

    /** Picks a line's local chunk (index into the node's chunks). */
    private interface Router {
        int localChunk(byte[] b, int from, int to);
    }

    /** The second hash, or round-robin; null when the node has one chunk. */
    private static Router router(LoadPlan plan, int position) {
        int per = plan.chunksPerNode();
        if (per == 1) {
            return null;
        }
        if (plan.table().distribution() == Distribution.RANDOM) {
            long[] next = {position};
            return (b, from, to) -> (int) (next[0]++ % per);
        }
        KeyHasher hasher = plan.keyHasher();
        CopyTextKeys keys = new CopyTextKeys(plan.columns(), plan.keyColumns());
        return (b, from, to) -> hasher.localChunk(keys.decode(b, from, to));
    }

    /** Fault injection: kills the first chunk's COPY backend, as a crash of the database session would. */
    private static void terminate(NodePools pools, NodeInfo node, ChunkWriter victim) {
        try (Connection c = pools.connect(node); PreparedStatement ps = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
            victim.flush();
            ps.setInt(1, victim.backendPid());
            ps.execute();
            LOG.warn("Fault injection: terminated the COPY backend of chunk {} on node {}", victim.chunk, node.id());
        } catch (SQLException e) {
            throw new LoaderException("Fault injection failed: " + e.getMessage(), e);
        }
    }

    /** Tells the framework the task is alive while one long statement (an index build) runs. */
    static final class KeepAlive implements AutoCloseable {
        private final Thread thread;

        KeepAlive(Mapper<?, ?, ?, ?>.Context ctx) {
            thread = new Thread(() -> {
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        Thread.sleep(10_000);
                        ctx.progress();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "hadoopdb-load-keepalive");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() {
            thread.interrupt();
        }
    }
}
