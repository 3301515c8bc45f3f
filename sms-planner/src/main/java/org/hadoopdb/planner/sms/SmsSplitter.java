package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.tools.RelBuilder;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.sqlgen.ChunkSqlGenerator;

/**
 * The SMS split (docs/architecture.md, "The SMS split"): walks the logical plan bottom-up and keeps
 * every operator inside the node databases for as long as each chunk can compute it on its own; what
 * is left becomes MapReduce stages. Each operator kind is split by its own {@link OperatorSplit};
 * this class dispatches to them and turns the top fragment into the {@link QueryPlan}. One planner
 * per query.
 */
public final class SmsSplitter {
    private final SplitContext ctx;
    private final ScanSplit scans;
    private final FilterSplit filters;
    private final ProjectSplit projects;
    private final AggregateSplit aggregates;
    private final SortSplit sorts;
    private final ValuesSplit values = new ValuesSplit();
    private final UnionSplit unions;
    private final JoinSplit joins;
    private final WindowSplit windows;
    private final GenerateSplit generates;
    private final SampleSplit samples;

    /**
     * @param pushdown   what the node databases may compute
     * @param sql        writes the SQL of pushed fragments
     * @param compiler   compiles the expressions left to MapReduce
     * @param relBuilder builds the rewritten operators (partial aggregates, per-chunk top n)
     */
    public SmsSplitter(Catalog catalog, PushdownPolicy pushdown, ChunkSqlGenerator sql, OperatorCompiler compiler,
                       PlanningOptions options, RelBuilder relBuilder) {
        this.ctx = new SplitContext(catalog, pushdown, sql, compiler, options, relBuilder, this::split);
        this.scans = new ScanSplit(ctx);
        this.filters = new FilterSplit(ctx);
        this.projects = new ProjectSplit(ctx);
        this.aggregates = new AggregateSplit(ctx);
        this.sorts = new SortSplit(ctx);
        this.unions = new UnionSplit(ctx);
        this.joins = new JoinSplit(ctx);
        this.windows = new WindowSplit(ctx);
        this.generates = new GenerateSplit(ctx);
        this.samples = new SampleSplit(ctx);
    }

    /**
     * Plans {@code rel}, whose row type is exactly the result (names included).
     *
     * @param resultNames the column names the user sees
     */
    public QueryPlan plan(RelNode rel, List<String> resultNames) {
        Fragment top = split(rel);
        RowSchema resultSchema = RowSchemas.of(rel.getRowType(), resultNames);
        if (top instanceof Fragment.Pushed p) {
            boolean ordered = p.rel() instanceof Sort s && !s.getCollation().getFieldCollations().isEmpty();
            ChunkSource source = ctx.source(p, "the whole query");
            double rows = ctx.costs().rows(p.rel());
            if (ctx.options().directFetch() && rows <= ctx.options().directFetchMaxRows()) {
                ctx.note("Small map-only result (about " + Math.round(rows) + " rows): read straight from the chunks, no job");
                return new QueryPlan(List.of(), new QueryPlan.Direct(source), resultSchema, ordered, ctx.notes());
            }
            StageBuilder stage = ctx.newStage(new StageInput.Chunks(source, List.of()));
            return finish(stage, resultSchema, ordered);
        }
        Fragment.Staged s = (Fragment.Staged) top;
        return finish(s.stage(), resultSchema, s.ordered());
    }

    private QueryPlan finish(StageBuilder last, RowSchema resultSchema, boolean ordered) {
        List<Stage> built = new ArrayList<>();
        for (StageBuilder b : ctx.stages()) {
            built.add(b.build());
        }
        SharedStages.Shared shared = SharedStages.apply(built, new QueryPlan.FromStage(last.id()));
        return new QueryPlan(DistinctBuildInputs.apply(shared.stages(), shared.result()), shared.result(), resultSchema, ordered,
                ctx.notes());
    }

    /** The dispatch over operator kinds. */
    private Fragment split(RelNode rel) {
        if (rel instanceof TableScan scan) {
            return scans.split(scan);
        }
        if (rel instanceof Filter f) {
            return filters.split(f);
        }
        if (rel instanceof Project p) {
            return projects.split(p);
        }
        if (rel instanceof Aggregate a) {
            return aggregates.split(a);
        }
        if (rel instanceof Sort s) {
            return sorts.split(s);
        }
        if (rel instanceof Values v) {
            return values.split(v);
        }
        if (rel instanceof Union u && u.all) {
            return unions.split(u);
        }
        if (rel instanceof Join j) {
            return joins.split(j);
        }
        if (rel instanceof Window w) {
            return windows.split(w);
        }
        if (rel instanceof org.apache.calcite.rel.core.Sample s) {
            return samples.split(s);
        }
        if (rel instanceof org.hadoopdb.planner.optimize.Generate g) {
            return generates.split(g);
        }
        if (rel instanceof Correlate) {
            throw new PlannerException("This correlated sub-query could not be turned into a join; rewrite it with a JOIN");
        }
        throw new PlannerException("HadoopDB cannot run this query yet: it needs a " + rel.getRelTypeName()
                + " operator, which the SMS planner does not support");
    }
}
