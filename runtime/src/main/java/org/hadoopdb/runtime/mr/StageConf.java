package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.PlanCodec;
import org.hadoopdb.planner.plan.Stage;

/**
 * The per-job state the planner hands to its tasks, in the job configuration. These keys are written
 * by code for one job, not settings a user makes (so they are not in ConfigKeys).
 */
public final class StageConf {
    /** The stage being run, as JSON. */
    public static final String STAGE = "hadoopdb.job.stage";
    /** The query's scratch directory; stage k writes {@code <dir>/stage-k}. */
    public static final String QUERY_DIR = "hadoopdb.job.query-dir";
    /** Catalog directory and version the query was planned against. */
    public static final String CATALOG_DIR = "hadoopdb.job.catalog-dir";
    public static final String CATALOG_VERSION = "hadoopdb.job.catalog-version";

    private StageConf() {
    }

    public static void setStage(Configuration conf, Stage stage) {
        conf.set(STAGE, PlanCodec.toJson(stage));
    }

    public static Stage stage(Configuration conf) {
        String json = conf.get(STAGE);
        if (json == null) {
            throw new PlannerException("This task has no HadoopDB stage in its configuration (" + STAGE + ")");
        }
        return PlanCodec.fromJson(json, Stage.class);
    }

    public static Path stageOutput(Configuration conf, int stage) {
        return stageOutput(new Path(conf.get(QUERY_DIR)), stage);
    }

    public static Path stageOutput(Path queryDir, int stage) {
        return new Path(queryDir, "stage-" + stage);
    }

    /**
     * A stage's output files ({@code part-…}, whether a job's tasks or the client wrote them) in name order,
     * which is the order of a total order's ranges; none when the directory does not exist.
     */
    public static List<Path> outputParts(Configuration conf, Path dir) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        if (!fs.exists(dir)) {
            return List.of();
        }
        return Arrays.stream(fs.listStatus(dir, p -> p.getName().startsWith("part-"))).map(FileStatus::getPath)
                .sorted(Comparator.comparing(Path::getName)).toList();
    }
}
