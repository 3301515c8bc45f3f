package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.chunk.ChunkEstimate;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many bytes enter a stage, measured just before it runs: PostgreSQL's own estimate of each chunk
 * statement (its planner knows the chunks' real statistics, where the logical plan's estimate of a
 * join or an aggregate can be off by orders of magnitude) and the size of earlier stages' files.
 */
public final class StageSizes {
    private static final Logger LOG = LoggerFactory.getLogger(StageSizes.class);

    private StageSizes() {
    }

    /**
     * What enters a stage, as far as it can be told now.
     *
     * @param rows  PostgreSQL's estimate of the rows its chunk statements return over all chunks, plus the rows
     *              earlier stages it reads wrote; -1 when any of them is unknown (an external table's files)
     * @param bytes the bytes entering it (estimated for chunk statements, measured for files); -1 when unknown
     * @param rowsUpperBound PostgreSQL counted the groups of a GROUP BY on an expression: the real rows may be
     *              far fewer ({@link ChunkEstimate#groupsOnExpressions()})
     */
    public record Estimate(double rows, long bytes, boolean rowsUpperBound) {
        public static final Estimate UNKNOWN = new Estimate(-1, -1, false);
    }

    /** Rows and bytes entering the stage, with one {@code EXPLAIN} per chunk input. */
    public static Estimate estimate(Configuration conf, Stage stage) {
        return estimate(conf, stage, id -> -1);
    }

    /**
     * As {@link #estimate(Configuration, Stage)}, with the rows of the earlier stages it reads known: those
     * stages counted what they wrote.
     *
     * @param stageRows the rows earlier stage {@code id} wrote, or -1 when not known (the estimate's rows are then -1)
     */
    public static Estimate estimate(Configuration conf, Stage stage, java.util.function.IntToLongFunction stageRows) {
        double rows = 0;
        long bytes = 0;
        boolean upperBound = false;
        for (StageInput in : stage.inputs()) {
            if (in instanceof StageInput.Chunks c) {
                PerChunk e = perChunk(conf, c.source());
                if (e == null) {
                    return Estimate.UNKNOWN;
                }
                double all = e.one().rows() * e.chunks();
                rows = rows < 0 ? rows : rows + all;
                bytes += (long) (all * e.one().rowWidth());
                upperBound |= e.one().groupsOnExpressions();
            } else if (in instanceof StageInput.Files f) {
                long b = ExternalFiles.bytes(conf, f);
                if (b < 0) {
                    return Estimate.UNKNOWN;
                }
                rows = -1;
                bytes += b;
            } else {
                StageInput.PreviousStage previous = (StageInput.PreviousStage) in;
                long b = fileBytes(conf, previous);
                if (b < 0) {
                    return Estimate.UNKNOWN;
                }
                long written = stageRows.applyAsLong(previous.stage());
                rows = rows < 0 || written < 0 ? -1 : rows + written;
                bytes += b;
            }
        }
        return new Estimate(rows, bytes, upperBound);
    }

    /** The stage's input size in bytes, or -1 when it cannot be told (a node down, an estimate refused). */
    public static long inputBytes(Configuration conf, Stage stage) {
        return estimate(conf, stage).bytes();
    }

    /** The rows the stage's chunk statements return over all chunks, or -1 when unknown or not all inputs are chunks. */
    public static double inputRows(Configuration conf, Stage stage) {
        return estimate(conf, stage).rows();
    }

    /** PostgreSQL's estimate of the rows one chunk of {@code source} returns (its first); -1 when unknown. */
    public static double chunkRows(Configuration conf, ChunkSource source) {
        PerChunk e = perChunk(conf, source);
        return e == null ? -1 : e.one().rows();
    }

    /** PostgreSQL's plan of one chunk of a source, and how many chunks it reads. */
    private record PerChunk(ChunkEstimate one, int chunks) {
    }

    /** The estimate of the source's first chunk and its chunk count; null when unknown. */
    private static PerChunk perChunk(Configuration conf, ChunkSource source) {
        try {
            List<ChunkSplit> splits = ChunkSplits.bind(ChunkInputAdapter.catalog(conf), ChunkInputAdapter.query(source));
            if (splits.isEmpty()) {
                return new PerChunk(new ChunkEstimate(0, 0, false), 0);
            }
            return new PerChunk(ChunkReader.estimate(splits.get(0), 0, ChunkReadSettings.from(HadoopDbConfig.of(conf)),
                    new CredentialResolver(conf)), splits.size());
        } catch (RuntimeException e) {
            LOG.debug("No size estimate for {}: {}", source.name(), e.getMessage());
            return null;
        }
    }

    private static long fileBytes(Configuration conf, StageInput.PreviousStage in) {
        Path dir = StageConf.stageOutput(conf, in.stage());
        try {
            FileSystem fs = dir.getFileSystem(conf);
            return fs.exists(dir) ? fs.getContentSummary(dir).getLength() : 0;
        } catch (IOException e) {
            LOG.debug("No size for stage output {}: {}", dir, e.getMessage());
            return -1;
        }
    }
}
