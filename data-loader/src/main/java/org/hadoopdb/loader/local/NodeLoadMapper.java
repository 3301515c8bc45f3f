package org.hadoopdb.loader.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.SQLException;
import java.util.ArrayList;
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
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.global.PartitionMapper;
import org.hadoopdb.loader.job.LoadCounters;
import org.hadoopdb.loader.job.LoadJobs;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.LoadTaskObserver;
import org.hadoopdb.loader.job.NodeJobs;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.job.NodeSplit;
import org.hadoopdb.loader.job.NodeTaskCheckpoint;
import org.hadoopdb.loader.job.SideFiles;
import org.hadoopdb.loader.physical.ChunkSql;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Local Hasher and bulk load of one node (one task per node, the nodes in parallel): takes the
 * node's part of the Global Hasher's output, already split into the node's chunks by the second hash
 * ({@code KeyHasher.localChunk}; round-robin for a random table: see {@link PartitionMapper}), and
 * for each chunk in turn streams it into its staging table with {@code COPY}, builds the indexes
 * (with {@code CLUSTER} for a sort order), runs {@code ANALYZE}, and commits.
 *
 * <p>Everything a chunk gets happens in one transaction that starts by dropping and recreating the
 * staging schema: a failed attempt leaves nothing, and a retried one starts from scratch, so rows are
 * never loaded twice.
 */
public final class NodeLoadMapper extends Mapper<IntWritable, NullWritable, NullWritable, NullWritable> {
    private static final Logger LOG = LoggerFactory.getLogger(NodeLoadMapper.class);
    private static final int READ_BUFFER = 256 * 1024;

    @Override
    public void run(Context ctx) throws IOException, InterruptedException {
        setup(ctx);
        Configuration conf = ctx.getConfiguration();
        LoadPlan plan = LoadPlan.load(conf);
        int position = ((NodeSplit) ctx.getInputSplit()).position();
        NodeInfo node = plan.nodes().get(position);
        int attempt = LoadJobs.attempt(conf, ctx.getTaskAttemptID().getId());
        List<Integer> chunks = plan.chunksOfNode(position);
        HadoopDbConfig config = HadoopDbConfig.of(conf).with(Map.of(ConfigKeys.POOL_MAX_SIZE.name(), "3"));
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
        LoadTaskObserver observer = LoadTaskObserver.of(ctx.getConfiguration());
        Set<String> descending = plan.descendingSortColumns();
        List<NodeReport.ChunkResult> results = new ArrayList<>();
        long copyNanos = 0;
        long indexNanos = 0;
        long analyzeNanos = 0;
        for (int chunk : chunks) {
            try (ChunkWriter w = new ChunkWriter(pools, node, chunk, plan.stagingSchema(chunk), plan.table())) {
                long t0 = System.nanoTime();
                w.create(plan.tag(), plan.previousSchema(chunk, node.id()).orElse(null), plan.replacedPartitions());
                w.startCopy();
                copy(ctx, inputDirectory(plan, chunk), w, () -> {
                    w.flush();
                    observer.copying(new NodeTaskCheckpoint(node, attempt, chunk, w.backendPid(), ctx.getConfiguration()));
                });
                ctx.getCounter(LoadCounters.ROWS_COPIED).increment(w.endCopy());
                long t1 = System.nanoTime();
                ChunkSql.buildIndexes(w.connection(), w.schema, plan.table(), descending, true);
                ctx.getCounter(LoadCounters.CHUNKS_INDEXED).increment(1);
                long t2 = System.nanoTime();
                ChunkSql.analyze(w.connection(), w.schema, plan.table());
                long ta = System.nanoTime();
                results.add(ChunkStats.chunkResult(w.connection(), plan, chunk, w.schema, node.id(), w.previousRows() + w.copiedRows(),
                        w.copiedRows()));
                long tc = System.nanoTime();
                w.commit();
                ctx.getCounter(LoadCounters.CHUNKS_ANALYZED).increment(1);
                long t3 = System.nanoTime();
                LOG.debug("Chunk {} of {}: COPY {} ms, indexes {} ms, ANALYZE {} ms, statistics {} ms, commit {} ms", chunk,
                        plan.table().name(), (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (ta - t2) / 1_000_000, (tc - ta) / 1_000_000,
                        (t3 - tc) / 1_000_000);
                copyNanos += t1 - t0;
                indexNanos += t2 - t1;
                analyzeNanos += t3 - t2;
            }
        }
        LOG.info("Node {} loaded {} chunk(s) of {} in {} ms (COPY {} ms, indexes {} ms, ANALYZE and commit {} ms)", node.id(),
                chunks.size(), plan.table().name(), (copyNanos + indexNanos + analyzeNanos) / 1_000_000, copyNanos / 1_000_000,
                indexNanos / 1_000_000, analyzeNanos / 1_000_000);
        return new NodeReport(node.id(), attempt, results, copyNanos / 1_000_000, indexNanos / 1_000_000, analyzeNanos / 1_000_000, 0);
    }

    /** The Global Hasher's output for {@code chunk}: {@code node-<n>/chunk-<l>}, or {@code all} for a replicated table. */
    private static Path inputDirectory(LoadPlan plan, int chunk) {
        return new Path(new Path(plan.workDir(), "global"), PartitionMapper.outputDirectory(plan, chunk));
    }

    /**
     * Streams the chunk's part files into its COPY, whole buffers at a time (the rows were split by
     * chunk by the Global Hasher, so nothing is parsed here); calls {@code halfway} once, when half the
     * bytes are sent (at the end for an empty chunk).
     */
    private static void copy(Context ctx, Path dir, ChunkWriter writer, Checkpoint halfway) throws IOException, SQLException {
        Configuration conf = ctx.getConfiguration();
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
        long done = 0;
        boolean passed = false;
        byte[] buf = new byte[READ_BUFFER];
        for (FileStatus file : files) {
            try (InputStream in = fs.open(file.getPath())) {
                int n;
                while ((n = in.readNBytes(buf, 0, buf.length)) > 0) {
                    writer.write(buf, 0, n);
                    done += n;
                    bytesCounter.increment(n);
                    if (!passed && done * 2 >= total) {
                        passed = true;
                        halfway.reached();
                    }
                }
            }
        }
        if (!passed) {
            halfway.reached();
        }
    }

    /** A point in a chunk's COPY where the task's observer is told. */
    @FunctionalInterface
    private interface Checkpoint {
        void reached() throws SQLException;
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
