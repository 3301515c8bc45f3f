package org.hadoopdb.planner.exec.mr;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
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

    /** The stage's input size in bytes, or -1 when it cannot be told (a node down, an estimate refused). */
    public static long inputBytes(Configuration conf, Stage stage) {
        long total = 0;
        for (StageInput in : stage.inputs()) {
            long bytes = in instanceof StageInput.Chunks c ? chunkBytes(conf, c) : fileBytes(conf, (StageInput.PreviousStage) in);
            if (bytes < 0) {
                return -1;
            }
            total += bytes;
        }
        return total;
    }

    /** The rows the stage's chunk statements return over all chunks, or -1 when unknown or not all inputs are chunks. */
    public static double inputRows(Configuration conf, Stage stage) {
        double total = 0;
        for (StageInput in : stage.inputs()) {
            double[] e = in instanceof StageInput.Chunks c ? chunkEstimate(conf, c) : null;
            if (e == null) {
                return -1;
            }
            total += e[0];
        }
        return total;
    }

    private static long chunkBytes(Configuration conf, StageInput.Chunks in) {
        double[] e = chunkEstimate(conf, in);
        return e == null ? -1 : (long) e[1];
    }

    /** {@code [rows, bytes]} over all the source's chunks, from PostgreSQL's plan of one chunk; null when unknown. */
    private static double[] chunkEstimate(Configuration conf, StageInput.Chunks in) {
        try {
            List<ChunkSplit> splits = ChunkSplits.bind(ChunkInputAdapter.catalog(conf), ChunkInputAdapter.query(in.source()));
            if (splits.isEmpty()) {
                return new double[] {0, 0};
            }
            double[] estimate = ChunkReader.estimate(splits.get(0), 0, ChunkReadSettings.from(HadoopDbConfig.of(conf)),
                    new CredentialResolver(conf));
            return new double[] {estimate[0] * splits.size(), estimate[0] * estimate[1] * splits.size()};
        } catch (RuntimeException e) {
            LOG.debug("No size estimate for {}: {}", in.source().name(), e.getMessage());
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
