package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilder;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.sqlgen.ChunkSqlGenerator;

/**
 * What the operator splits of one query share: the planning services, the stages planned so far and
 * the notes EXPLAIN prints, and the stage helpers every operator uses. One per query.
 */
final class SplitContext {
    private final Catalog catalog;
    private final PushdownPolicy pushdown;
    private final ChunkSqlGenerator sql;
    private final OperatorCompiler compiler;
    private final PlanningOptions options;
    private final RelBuilder relBuilder;
    private final CostEstimates costs;
    private final Function<RelNode, Fragment> dispatch;
    private final List<StageBuilder> stages = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    /** The stages computing the small input of broadcast joins, by the pushed subtree they read. */
    private final java.util.Map<String, StageBuilder> broadcastInputs = new java.util.HashMap<>();
    private int sources;

    /** @param dispatch splits an operator's input (the splitter's dispatch over operator kinds) */
    SplitContext(Catalog catalog, PushdownPolicy pushdown, ChunkSqlGenerator sql, OperatorCompiler compiler,
                 PlanningOptions options, RelBuilder relBuilder, Function<RelNode, Fragment> dispatch) {
        this.catalog = catalog;
        this.pushdown = pushdown;
        this.sql = sql;
        this.compiler = compiler;
        this.options = options;
        this.relBuilder = relBuilder;
        this.costs = new CostEstimates(options);
        this.dispatch = dispatch;
    }

    /** Splits a subtree (an operator's input, or a rewrite of the operator). */
    Fragment split(RelNode rel) {
        return dispatch.apply(rel);
    }

    Catalog catalog() {
        return catalog;
    }

    PushdownPolicy pushdown() {
        return pushdown;
    }

    OperatorCompiler compiler() {
        return compiler;
    }

    PlanningOptions options() {
        return options;
    }

    RelBuilder relBuilder() {
        return relBuilder;
    }

    CostEstimates costs() {
        return costs;
    }

    /** Records a planning decision for EXPLAIN. */
    void note(String note) {
        notes.add(note);
    }

    List<String> notes() {
        return List.copyOf(notes);
    }

    /** The stages planned so far, in the order they were opened (their ids). */
    List<StageBuilder> stages() {
        return stages;
    }

    /** Opens a new stage reading {@code input}. */
    StageBuilder newStage(StageInput input) {
        StageBuilder b = new StageBuilder(stages.size() + 1, input);
        stages.add(b);
        return b;
    }

    /**
     * The map-only stage computing a broadcast join's small input from its chunk statement: one per distinct
     * statement, so that an input a semi-join reduction also joins with ({@code optimize.SemiJoinReduction}) is
     * read once.
     */
    StageBuilder broadcastInput(Fragment.Pushed p) {
        String key = org.apache.calcite.plan.RelOptUtil.toString(p.rel()) + p.placement();
        StageBuilder known = broadcastInputs.get(key);
        if (known != null) {
            return known;
        }
        StageBuilder b = newStage(input(p, "broadcast join: the small input, computed once", List.of()));
        broadcastInputs.put(key, b);
        return b;
    }

    /** Opens a new stage reading the output of {@code previous}. */
    StageBuilder stageAfter(StageBuilder previous) {
        return newStage(new StageInput.PreviousStage(previous.id(), previous.currentSchema(), List.of()));
    }

    /**
     * The stage the next repartition of {@code in}'s rows goes into: the stage that produces them
     * while it has no shuffle yet (its map side takes the next operators), otherwise a new stage
     * reading them.
     *
     * @param what what the chunk query is for, when {@code in} is still pushed
     */
    StageBuilder stageForShuffle(Fragment in, String what) {
        if (in instanceof Fragment.Staged s && !s.stage().hasShuffle()) {
            return s.stage();
        }
        return newStage(input(in, what, List.of()));
    }

    /** {@code in}'s rows as a stage input: its chunk query, or the output of the stage producing it. */
    StageInput input(Fragment in, String what, List<OperatorSpec> mapOps) {
        if (in instanceof Fragment.Pushed p) {
            return new StageInput.Chunks(source(p, what), mapOps);
        }
        StageBuilder done = ((Fragment.Staged) in).stage();
        return new StageInput.PreviousStage(done.id(), done.currentSchema(), mapOps);
    }

    /** A new stage reading a pushed fragment's chunk query, for operators that must run in MapReduce. */
    Fragment.Staged stageOf(Fragment.Pushed p, String why) {
        StageBuilder stage = newStage(input(p, "chunk rows for MapReduce (" + why + ")", List.of()));
        return new Fragment.Staged(stage, p.rowType(), false);
    }

    /**
     * {@code pushed} with the conjuncts PostgreSQL may not evaluate applied above it in MapReduce:
     * a new stage reads the pushed rows and filters them. Just {@code pushed} when nothing was kept.
     */
    Fragment filterInMapReduce(Fragment.Pushed pushed, List<RexNode> kept, String why) {
        if (kept.isEmpty()) {
            return pushed;
        }
        Fragment.Staged staged = stageOf(pushed, why);
        staged.stage().append(compiler.filter(
                RexUtil.composeConjunction(pushed.rel().getCluster().getRexBuilder(), kept), pushed.rowType()));
        return staged;
    }

    /** The chunk query of a pushed fragment: its SQL, and the chunks of the tables it reads. */
    ChunkSource source(Fragment.Pushed p, String what) {
        Placement placement = p.placement();
        String driver;
        SortedSet<Integer> chunks = null;
        if (placement instanceof Placement.Chunked c) {
            driver = c.driver().name();
            chunks = c.chunks();
        } else if (placement instanceof Placement.Replicated r) {
            driver = r.driver().name();
        } else {
            driver = null;
        }
        return new ChunkSource("s" + (++sources), driver, List.copyOf(new TreeSet<>(placement.tables())), chunks,
                sql.toSql(p.rel()), RowSchemas.of(p.rowType()), what);
    }
}
