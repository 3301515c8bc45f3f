package org.hadoopdb.planner.exec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.exec.mr.JaninoLoader;
import org.hadoopdb.planner.exec.ops.Pipeline;
import org.hadoopdb.planner.exec.ops.RowSink;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;

/**
 * Hive's automatic local mode, done our way: a plan's only stage, with one reducer and a small input,
 * runs in the client instead of as a MapReduce job. Its chunk statements are read from the nodes in
 * parallel (as a direct read does), through the same map operators, sorted and grouped by the same
 * shuffle key, into the same reduce operators the job's tasks would run: the same code, without a job's
 * start-up. At most {@code maxRows} rows are held; past that the stage is left to MapReduce.
 */
final class ClientStage {
    private final HadoopDbConfig config;
    private final Path catalogDir;
    private final long catalogVersion;
    private final BooleanSupplier cancelled;

    ClientStage(HadoopDbConfig config, Path catalogDir, long catalogVersion, BooleanSupplier cancelled) {
        this.config = config;
        this.catalogDir = catalogDir;
        this.catalogVersion = catalogVersion;
        this.cancelled = cancelled;
    }

    /** True when the stage can run here: every input reads chunks, and its rows go to one reducer by a hashed key. */
    static boolean eligible(Stage stage) {
        return stage.shuffle() != null && !stage.shuffle().ranged()
                && stage.inputs().stream().allMatch(in -> in instanceof StageInput.Chunks);
    }

    /** The stage's output rows, or null when more than {@code maxRows} rows would enter its reduce side. */
    List<Row> run(Stage stage, long maxRows) {
        SortKeyCodec codec = new SortKeyCodec(stage.shuffle().key());
        JaninoLoader loader = new JaninoLoader();
        List<Shuffled> shuffled = new ArrayList<>();
        try {
            for (StageInput input : stage.inputs()) {
                StageInput.Chunks chunks = (StageInput.Chunks) input;
                RowSink collect = row -> {
                    if (shuffled.size() >= maxRows) {
                        throw new TooManyRows();
                    }
                    shuffled.add(new Shuffled(codec.encode(row, new SortKey()), row.copy()));
                };
                RowSink map = Pipeline.build(chunks.mapOps(), collect, loader);
                try (ResultStream rows = DirectResult.open(config, catalogDir, catalogVersion, chunks.source(), chunks.schema())) {
                    while (rows.next()) {
                        checkCancelled();
                        map.accept(rows.row());
                    }
                }
                map.finish();
            }
            // what the shuffle does: sort by the whole key, one reduce call per group
            shuffled.sort((a, b) -> a.key().compareTo(b.key()));
            List<Row> out = new ArrayList<>();
            RowSink reduce = Pipeline.build(stage.reduceOps(), row -> out.add(row.copy()), loader);
            for (int i = 0; i < shuffled.size(); ) {
                SortKey group = shuffled.get(i).key();
                int j = i;
                while (j < shuffled.size() && shuffled.get(j).key().compareGroup(group) == 0) {
                    reduce.accept(shuffled.get(j++).row());
                }
                reduce.endGroup();
                checkCancelled();
                i = j;
            }
            reduce.finish();
            return out;
        } catch (TooManyRows e) {
            return null;
        } catch (IOException e) {
            throw new PlannerException("Stage " + stage.id() + " failed in the client: " + e.getMessage(), e);
        }
    }

    private void checkCancelled() {
        if (cancelled.getAsBoolean()) {
            throw new PlannerException("Query cancelled");
        }
    }

    private record Shuffled(SortKey key, Row row) {
    }

    /** More rows than the client may hold: the stage goes to MapReduce. */
    private static final class TooManyRows extends RuntimeException {
        TooManyRows() {
            super(null, null, false, false);
        }
    }
}
