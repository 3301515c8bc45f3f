package org.hadoopdb.benchmarks.paper;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.connector.chunk.ChunkQuery;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.runtime.mr.ChunkInputAdapter;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.StageInput;

/**
 * The floor MapReduce's overhead is measured against: the SQL SMS pushes into the chunks (taken from
 * the SMS plan of the task), run on every chunk at once by a plain JDBC client (one thread per chunk)
 * that merges the chunks' rows in memory, with merge code written for each task as a user would. No
 * job, no shuffle, no files. For the UDF aggregation, which SMS does not plan, each chunk counts its
 * own links with PostgreSQL's regular expressions and the client adds the counts.
 */
final class IdealPushdownSystem implements BenchSystem {
    private final BenchContext ctx;

    IdealPushdownSystem(BenchContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String name() {
        return Systems.IDEAL;
    }

    @Override
    public Answer run(PaperTask task) throws Exception {
        ChunkQuery query = task == PaperTask.UDF
                ? ChunkQuery.of("SELECT m[1], count(*) FROM documents, LATERAL regexp_matches(contents, '" + PaperTask.LINK_REGEX
                + "', 'gi') AS m GROUP BY m[1]", "documents")
                : ChunkInputAdapter.query(checked(task, pushedSql(task)));
        var config = ctx.engine().config();
        ChunkReadSettings settings = ChunkReadSettings.from(config);
        CredentialResolver credentials = new CredentialResolver(config.hadoopConf());
        List<ChunkSplit> splits = ChunkSplits.plan(ctx.engine().catalog(), query, settings, credentials);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, splits.size()));
        try {
            List<Future<Merge>> parts = new ArrayList<>();
            for (ChunkSplit split : splits) {
                parts.add(pool.submit(() -> {
                    Merge m = new Merge(task);
                    try (ChunkReader reader = ChunkReader.open(split, 0, settings, credentials)) {
                        Row row = new Row();
                        while (reader.next(row)) {
                            m.add(row);
                        }
                    }
                    return m;
                }));
            }
            Merge all = new Merge(task);
            for (Future<Merge> f : parts) {
                all.addAll(f.get());
            }
            return all.answer();
        } finally {
            pool.shutdownNow();
        }
    }

    /** The chunk statement of the task's SMS plan: the one source every plan of these tasks reads. */
    private ChunkSource pushedSql(PaperTask task) {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(task.sql(ctx.selectionThreshold())));
        QueryPlan plan = ctx.session().plan(q).plan();
        if (plan.result() instanceof QueryPlan.Direct d) {
            return d.source();
        }
        StageInput first = plan.stages().get(0).inputs().get(0);
        if (first instanceof StageInput.Chunks c && plan.stages().get(0).inputs().size() == 1) {
            return c.source();
        }
        throw new IllegalStateException(task.title() + ": the SMS plan does not start with one chunk statement: " + plan);
    }

    /** The chunk statement, checked to return the columns {@link Merge} reads for the task. */
    private ChunkSource checked(PaperTask task, ChunkSource source) {
        int expected = switch (task) {
            case GREP -> 1;
            case JOIN -> 4;
            default -> 2;
        };
        if (source.schema().size() != expected) {
            throw new IllegalStateException(task.title() + ": the pushed SQL returns " + source.schema() + ", the merge expects "
                    + expected + " columns: " + source.sql());
        }
        return source;
    }

    /**
     * A task's in-memory merge of chunk rows. Chunk rows are (record), (url, rank), (group, partial sum),
     * (ip, rank sum, rank count, revenue) or (url, links), as SMS's partial aggregates and the UDF query give them.
     */
    private static final class Merge {
        private final PaperTask task;
        private final List<Object[]> rows = new ArrayList<>();
        private final Map<String, double[]> groups = new HashMap<>();

        Merge(PaperTask task) {
            this.task = task;
        }

        void add(Row row) {
            switch (task) {
                case GREP -> rows.add(new Object[] {row.getString(0)});
                case SELECTION -> rows.add(new Object[] {row.getString(0), row.get(1)});
                case AGGREGATION_SMALL, AGGREGATION_LARGE -> {
                    double[] g = groups.computeIfAbsent(row.getString(0), k -> new double[1]);
                    g[0] += row.isNull(1) ? 0 : row.getDouble(1);
                }
                case JOIN -> {
                    double[] g = groups.computeIfAbsent(row.getString(0), k -> new double[3]);
                    g[0] += row.isNull(1) ? 0 : ((Number) row.get(1)).doubleValue();
                    g[1] += ((Number) row.get(2)).doubleValue();
                    g[2] += row.isNull(3) ? 0 : row.getDouble(3);
                }
                case UDF -> {
                    double[] g = groups.computeIfAbsent(row.getString(0), k -> new double[1]);
                    g[0] += ((Number) row.get(1)).doubleValue();
                }
            }
        }

        void addAll(Merge other) {
            rows.addAll(other.rows);
            other.groups.forEach((k, v) -> groups.merge(k, v, (a, b) -> {
                for (int i = 0; i < a.length; i++) {
                    a[i] += b[i];
                }
                return a;
            }));
        }

        Answer answer() {
            Answer a = new Answer(task);
            switch (task) {
                case GREP, SELECTION -> rows.forEach(a::add);
                case AGGREGATION_SMALL, AGGREGATION_LARGE -> groups.forEach((k, v) -> a.add(k, v[0]));
                case UDF -> groups.forEach((k, v) -> a.add(k, (long) v[0]));
                case JOIN -> {
                    // the most revenue; ties go to the smallest IP, as the hand-coded job's one reducer sees them
                    String best = null;
                    double[] bestV = null;
                    for (var e : new java.util.TreeMap<>(groups).entrySet()) {
                        if (bestV == null || e.getValue()[2] > bestV[2]) {
                            best = e.getKey();
                            bestV = e.getValue();
                        }
                    }
                    if (best != null) {
                        a.add(best, bestV[1] == 0 ? null : bestV[0] / bestV[1], bestV[2]);
                    }
                }
            }
            return a;
        }
    }
}
