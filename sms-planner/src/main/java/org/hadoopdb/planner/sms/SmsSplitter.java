package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.analyze.HadoopDbTable;
import org.hadoopdb.planner.plan.AggCall;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.sqlgen.ChunkSqlGenerator;

/**
 * The SMS split (DESIGN.md): walks the logical plan bottom-up and keeps every operator inside the
 * node databases for as long as each chunk can compute it on its own; what is left becomes
 * MapReduce stages. One planner per query.
 */
public final class SmsSplitter {
    private final Catalog catalog;
    private final PushdownPolicy pushdown;
    private final ChunkSqlGenerator sql;
    private final OperatorCompiler compiler;
    private final PlanningOptions options;
    private final RelBuilder relBuilder;
    private final List<StageBuilder> stages = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private int sources;

    public SmsSplitter(Catalog catalog, PushdownPolicy pushdown, ChunkSqlGenerator sql, OperatorCompiler compiler,
                       PlanningOptions options, RelBuilder relBuilder) {
        this.catalog = catalog;
        this.pushdown = pushdown;
        this.sql = sql;
        this.compiler = compiler;
        this.options = options;
        this.relBuilder = relBuilder;
    }

    /**
     * Plans {@code rel}, whose row type is exactly the result (names included).
     *
     * @param resultNames the column names the user sees
     */
    public QueryPlan plan(RelNode rel, List<String> resultNames) {
        Fragment top = visit(rel);
        RowSchema resultSchema = schemaOf(rel.getRowType(), resultNames);
        if (top instanceof Fragment.Pushed p) {
            boolean ordered = p.rel() instanceof Sort s && !s.getCollation().getFieldCollations().isEmpty();
            ChunkSource source = source(p, "the whole query");
            double rows = RelMetadataQuery.instance().getRowCount(p.rel());
            if (options.directFetch() && rows <= options.directFetchMaxRows()) {
                notes.add("Small map-only result (about " + Math.round(rows) + " rows): read straight from the chunks, no job");
                return new QueryPlan(List.of(), new QueryPlan.Direct(source), resultSchema, ordered, List.copyOf(notes));
            }
            StageBuilder stage = newStage(new StageInput.Chunks(source, List.of()));
            return finish(stage, resultSchema, ordered);
        }
        Fragment.Staged s = (Fragment.Staged) top;
        return finish(s.stage(), resultSchema, s.ordered());
    }

    private QueryPlan finish(StageBuilder last, RowSchema resultSchema, boolean ordered) {
        List<Stage> built = new ArrayList<>();
        for (StageBuilder b : stages) {
            built.add(b.build());
        }
        return new QueryPlan(built, new QueryPlan.FromStage(last.id()), resultSchema, ordered, List.copyOf(notes));
    }

    // ---- the walk ----------------------------------------------------------------------------

    private Fragment visit(RelNode rel) {
        if (rel instanceof TableScan scan) {
            return scan(scan);
        }
        if (rel instanceof Filter f) {
            return filter(f);
        }
        if (rel instanceof Project p) {
            return project(p);
        }
        if (rel instanceof Aggregate a) {
            return aggregate(a);
        }
        if (rel instanceof Sort s) {
            return sort(s);
        }
        if (rel instanceof Values v) {
            return new Fragment.Pushed(v, new Placement.Single());
        }
        if (rel instanceof Union u && u.all) {
            return union(u);
        }
        if (rel instanceof Join j) {
            return join(j);
        }
        if (rel instanceof org.apache.calcite.rel.core.Window w) {
            return window(w);
        }
        if (rel instanceof org.apache.calcite.rel.core.Correlate) {
            throw new PlannerException("This correlated sub-query could not be turned into a join; rewrite it with a JOIN");
        }
        throw new PlannerException("HadoopDB cannot run this query yet: it needs a " + rel.getRelTypeName()
                + " operator, which the SMS planner does not support");
    }

    private Fragment scan(TableScan scan) {
        HadoopDbTable table = scan.getTable().unwrap(HadoopDbTable.class);
        if (table == null) {
            throw new PlannerException("Unknown table " + scan.getTable().getQualifiedName());
        }
        TableInfo t = table.info();
        if (t.isReplicated()) {
            return new Fragment.Pushed(scan, new Placement.Replicated(t, Set.of(t.name())));
        }
        List<Integer> keys = new ArrayList<>();
        for (String k : t.partitionKeys()) {
            keys.add(t.columnIndex(k));
        }
        return new Fragment.Pushed(scan, new Placement.Chunked(t, catalog.scheme(t.scheme()), keys, null, Set.of(t.name())));
    }

    private Fragment filter(Filter f) {
        Fragment in = visit(f.getInput());
        RexNode condition = f.getCondition();
        if (in instanceof Fragment.Pushed p) {
            List<RexNode> pushable = new ArrayList<>();
            List<RexNode> kept = new ArrayList<>();
            for (RexNode c : RelOptUtil.conjunctions(condition)) {
                String why = pushdown.whyNotPushable(c);
                if (why == null) {
                    pushable.add(c);
                } else {
                    kept.add(c);
                    notes.add("Filter " + c + " runs in MapReduce: " + why);
                }
            }
            Fragment.Pushed pushed = p;
            if (!pushable.isEmpty()) {
                RexNode cond = RexUtil.composeConjunction(f.getCluster().getRexBuilder(), pushable);
                Placement placement = ChunkPruning.prune(p.placement(), pushable);
                pushed = new Fragment.Pushed(f.copy(f.getTraitSet(), p.rel(), cond), placement);
            }
            if (kept.isEmpty()) {
                return pushed;
            }
            Fragment.Staged staged = stageOf(pushed, "filter that PostgreSQL cannot evaluate as Hive does");
            RexNode rest = RexUtil.composeConjunction(f.getCluster().getRexBuilder(), kept);
            staged.stage().append(compiler.filter(rest, pushed.rowType()));
            return staged;
        }
        Fragment.Staged s = (Fragment.Staged) in;
        s.stage().append(compiler.filter(condition, s.rowType()));
        return new Fragment.Staged(s.stage(), f.getRowType(), s.ordered());
    }

    private Fragment project(Project p) {
        Fragment in = visit(p.getInput());
        if (in instanceof Fragment.Pushed pushed) {
            String why = null;
            for (RexNode e : p.getProjects()) {
                why = pushdown.whyNotPushable(e);
                if (why != null) {
                    notes.add("Expression " + e + " runs in MapReduce: " + why);
                    break;
                }
            }
            if (why == null) {
                return new Fragment.Pushed(p.copy(p.getTraitSet(), pushed.rel(), p.getProjects(), p.getRowType()),
                        mapPlacement(pushed.placement(), p.getProjects()));
            }
            Fragment.Staged staged = stageOf(pushed, "expression that PostgreSQL cannot evaluate as Hive does");
            staged.stage().append(compiler.project(p.getProjects(), pushed.rowType(), schemaOf(p.getRowType(), null)));
            return new Fragment.Staged(staged.stage(), p.getRowType(), false);
        }
        Fragment.Staged s = (Fragment.Staged) in;
        s.stage().append(compiler.project(p.getProjects(), s.rowType(), schemaOf(p.getRowType(), null)));
        return new Fragment.Staged(s.stage(), p.getRowType(), s.ordered());
    }

    private Fragment aggregate(Aggregate a) {
        if (a.getGroupType() != Aggregate.Group.SIMPLE) {
            throw new PlannerException("GROUPING SETS, ROLLUP and CUBE are not supported yet");
        }
        if (a.getAggCallList().stream().anyMatch(c -> c.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.LITERAL_AGG)) {
            return visit(withoutLiteralAggregates(a));
        }
        Fragment in = visit(a.getInput());
        int groups = a.getGroupSet().cardinality();
        if (in instanceof Fragment.Pushed p) {
            String why = aggregatesNotPushable(a);
            if (why == null && chunkLocal(p.placement(), a.getGroupSet())) {
                return new Fragment.Pushed(a.copy(a.getTraitSet(), List.of(p.rel())), groupedPlacement(p.placement(), a));
            }
            if (why == null && AggregateSplit.decomposable(a)) {
                AggregateSplit.Result split = AggregateSplit.split(a, p.rel(), relBuilder);
                Fragment.Pushed partial = new Fragment.Pushed(split.partial(), p.placement());
                StageBuilder stage = newStage(new StageInput.Chunks(source(partial, "partial aggregate"), List.of()));
                stage.shuffle(groupShuffle(stage.currentSchema(), groups, estimateReducers(split.partial()),
                        groups == 0 ? "global aggregate: merge the chunks' partial results in one reducer"
                                : "GROUP BY does not contain the partitioning key: merge partial aggregates by group"));
                stage.append(new OperatorSpec.Aggregate(groups, split.finals(), OperatorSpec.Aggregate.Mode.MERGE,
                        schemaOf(a.getRowType(), null)));
                return new Fragment.Staged(stage, a.getRowType(), false);
            }
            if (why != null) {
                notes.add("Aggregate runs in MapReduce from raw rows: " + why);
            }
            return completeAggregate(a, stageOf(p, "aggregate that cannot be split"), groups);
        }
        return completeAggregate(a, (Fragment.Staged) in, groups);
    }

    /**
     * The same aggregate with its LITERAL_AGG calls (a constant per group, which Calcite's sub-query
     * rewrites use to mark "a row matched") computed by a projection above it instead.
     */
    private RelNode withoutLiteralAggregates(Aggregate a) {
        List<AggregateCall> kept = new ArrayList<>();
        for (AggregateCall call : a.getAggCallList()) {
            if (call.getAggregation().getKind() != org.apache.calcite.sql.SqlKind.LITERAL_AGG) {
                kept.add(call);
            }
        }
        relBuilder.push(a.getInput()).aggregate(relBuilder.groupKey(a.getGroupSet()), kept);
        int groups = a.getGroupSet().cardinality();
        List<RexNode> fields = new ArrayList<>();
        for (int i = 0; i < groups; i++) {
            fields.add(relBuilder.field(i));
        }
        int next = groups;
        for (AggregateCall call : a.getAggCallList()) {
            fields.add(call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.LITERAL_AGG
                    ? call.rexList.get(0) : relBuilder.field(next++));
        }
        return relBuilder.project(fields, a.getRowType().getFieldNames(), true).build();
    }

    /** Aggregates raw rows in the reducers: group fields and arguments are brought to the front, then shuffled by group. */
    private Fragment completeAggregate(Aggregate a, Fragment.Staged in, int groups) {
        StageBuilder stage = in.stage().hasShuffle() ? newStage(new StageInput.PreviousStage(in.stage().id(),
                in.stage().currentSchema(), List.of())) : in.stage();
        List<Integer> fields = new ArrayList<>(a.getGroupSet().asList());
        List<AggCall> calls = new ArrayList<>();
        for (AggregateCall call : a.getAggCallList()) {
            if (call.isDistinct() || call.filterArg >= 0) {
                throw new PlannerException("Aggregate " + call + " cannot run in MapReduce yet");
            }
            int[] args = new int[call.getArgList().size()];
            for (int i = 0; i < args.length; i++) {
                args[i] = fields.size();
                fields.add(call.getArgList().get(i));
            }
            calls.add(new AggCall(completeKind(call), args,
                    org.hadoopdb.planner.analyze.TypeMapping.toHive(call.getType(), "aggregate " + call.getName()),
                    call.getName() == null ? "agg" + calls.size() : call.getName()));
        }
        RowSchema before = stage.currentSchema();
        int[] select = fields.stream().mapToInt(Integer::intValue).toArray();
        stage.append(new OperatorSpec.Select(select, before.project(select)));
        stage.shuffle(groupShuffle(stage.currentSchema(), groups, estimateReducers(a.getInput()),
                "aggregate over rows computed in MapReduce"));
        stage.append(new OperatorSpec.Aggregate(groups, calls, OperatorSpec.Aggregate.Mode.COMPLETE, schemaOf(a.getRowType(), null)));
        return new Fragment.Staged(stage, a.getRowType(), false);
    }

    private static AggCall.Kind completeKind(AggregateCall call) {
        return switch (call.getAggregation().getKind()) {
            case COUNT -> call.getArgList().isEmpty() ? AggCall.Kind.COUNT_STAR : AggCall.Kind.COUNT;
            case SUM -> AggCall.Kind.SUM;
            case SUM0 -> AggCall.Kind.SUM0;
            case MIN -> AggCall.Kind.MIN;
            case MAX -> AggCall.Kind.MAX;
            case AVG -> AggCall.Kind.AVG;
            case VAR_POP -> AggCall.Kind.VAR_POP;
            case VAR_SAMP -> AggCall.Kind.VAR_SAMP;
            case STDDEV_POP -> AggCall.Kind.STDDEV_POP;
            case STDDEV_SAMP -> AggCall.Kind.STDDEV_SAMP;
            case SINGLE_VALUE -> AggCall.Kind.SINGLE_VALUE;
            default -> throw new PlannerException("Aggregate function " + call.getAggregation().getName()
                    + " cannot run in MapReduce");
        };
    }

    /**
     * UNION ALL. Inputs over the same chunks (the same table, or co-located tables with the same
     * chunk pruning) stay one statement per chunk; otherwise each input is read by its own map tasks
     * of one map-only stage, whose later operators apply to every input.
     */
    private Fragment union(Union u) {
        List<Fragment> inputs = new ArrayList<>();
        RowSchema unionSchema = schemaOf(u.getRowType(), null);
        for (RelNode in : u.getInputs()) {
            // Every input must deliver exactly the union's types (Hive widens, e.g. varchar(16) and string to string).
            if (!schemaOf(in.getRowType(), null).types().equals(unionSchema.types())) {
                in = relBuilder.push(in).convert(u.getRowType(), false).build();
            }
            inputs.add(visit(in));
        }
        Placement shared = sharedChunks(inputs);
        if (shared != null) {
            List<RelNode> rels = new ArrayList<>();
            for (Fragment f : inputs) {
                rels.add(((Fragment.Pushed) f).rel());
            }
            return new Fragment.Pushed(u.copy(u.getTraitSet(), rels, true), shared);
        }
        StageBuilder stage = null;
        for (Fragment f : inputs) {
            StageInput input;
            if (f instanceof Fragment.Pushed p) {
                input = new StageInput.Chunks(source(p, "UNION ALL input"), List.of());
            } else {
                StageBuilder done = ((Fragment.Staged) f).stage();
                input = new StageInput.PreviousStage(done.id(), done.currentSchema(), List.of());
            }
            if (stage == null) {
                stage = newStage(input);
            } else {
                stage.addInput(input);
            }
        }
        notes.add("UNION ALL of inputs that do not share chunks: one map-only stage reads them all");
        return new Fragment.Staged(stage, u.getRowType(), false);
    }

    /**
     * The placement of a UNION ALL computable chunk by chunk: every input is pushed, over tables on
     * one partitioning scheme with the same chunks (or all replicated), so each chunk's statement
     * unions that chunk's rows. Null when the inputs do not line up.
     */
    private static Placement sharedChunks(List<Fragment> inputs) {
        Placement first = null;
        java.util.Set<String> tables = new java.util.TreeSet<>();
        for (Fragment f : inputs) {
            if (!(f instanceof Fragment.Pushed p) || p.placement() instanceof Placement.Single) {
                return null;
            }
            Placement pl = p.placement();
            tables.addAll(pl.tables());
            if (first == null) {
                first = pl;
                continue;
            }
            if (first instanceof Placement.Chunked a && pl instanceof Placement.Chunked b) {
                if (!(a.scheme().id().equals(b.scheme().id()) || a.scheme().colocatedWith(b.scheme()))
                        || !java.util.Objects.equals(a.chunks(), b.chunks())) {
                    return null;
                }
            } else if (!(first instanceof Placement.Replicated && pl instanceof Placement.Replicated)) {
                return null;
            }
        }
        if (first instanceof Placement.Chunked c) {
            // rows of different inputs sit in the same chunk without a common key column in the output
            return new Placement.Chunked(c.driver(), c.scheme(), List.of(), c.chunks(), tables);
        }
        Placement.Replicated r = (Placement.Replicated) first;
        return new Placement.Replicated(r.driver(), tables);
    }

    // ---- window functions -----------------------------------------------------------------------

    /**
     * Window functions run in the chunk databases when every window is partitioned by (at least) the
     * partitioning key, so each partition lies in one chunk; otherwise each window specification gets
     * a stage that repartitions on its PARTITION BY and sorts by its ORDER BY.
     */
    private Fragment window(org.apache.calcite.rel.core.Window w) {
        Fragment in = visit(w.getInput());
        if (in instanceof Fragment.Pushed p) {
            String why = WindowCalls.whyNotPushable(w, p.placement(), pushdown);
            if (why == null) {
                return new Fragment.Pushed(w.copy(w.getTraitSet(), List.of(p.rel())), p.placement());
            }
            notes.add("Window functions run in MapReduce: " + why);
        }
        int inputWidth = w.getInput().getRowType().getFieldCount();
        int produced = 0;
        Fragment current = in;
        StageBuilder stage = null;
        List<org.apache.calcite.rel.core.Window.Group> groups = w.groups;
        for (int gi = 0; gi < groups.size(); ) {
            org.apache.calcite.rel.core.Window.Group g = groups.get(gi);
            // consecutive groups that differ only in their frames share one repartition and one operator
            List<OperatorSpec.WinCall> calls = new ArrayList<>();
            while (gi < groups.size() && groups.get(gi).keys.equals(g.keys) && groups.get(gi).orderKeys.equals(g.orderKeys)) {
                List<OperatorSpec.WinCall> more = WindowCalls.calls(w, groups.get(gi), inputWidth, produced);
                calls.addAll(more);
                produced += more.size();
                gi++;
            }
            if (current instanceof Fragment.Pushed p) {
                stage = newStage(new StageInput.Chunks(source(p, "window input"), List.of()));
            } else {
                StageBuilder prev = ((Fragment.Staged) current).stage();
                stage = prev.hasShuffle() ? newStage(new StageInput.PreviousStage(prev.id(), prev.currentSchema(), List.of())) : prev;
            }
            RowSchema schema = stage.currentSchema();
            List<SortKeySpec.Column> key = new ArrayList<>();
            for (int k : g.keys) {
                key.add(SortKeySpec.Column.asc(k));
            }
            List<SortKeySpec.Column> order = sortColumns(g.orderKeys);
            key.addAll(order);
            int[] orderFields = order.stream().mapToInt(SortKeySpec.Column::field).toArray();
            int partitions = g.keys.cardinality();
            stage.shuffle(new Shuffle(SortKeySpec.of(schema, key).groupedBy(partitions),
                    partitions == 0 ? 1 : estimateReducers(w.getInput()),
                    partitions == 0 ? "window over all rows: one reducer" : "window PARTITION BY: repartition on it"));
            RowSchema.Builder out = RowSchema.builder();
            schema.fields().forEach(f -> out.add(f.name(), f.type()));
            calls.forEach(c -> out.add(c.name(), c.type()));
            stage.append(new OperatorSpec.Window(orderFields, calls, out.build()));
            current = new Fragment.Staged(stage, w.getRowType(), false);
        }
        return new Fragment.Staged(stage, w.getRowType(), false);
    }

    /** Sort key columns of a collation, NULLs first ascending and last descending unless the query says otherwise (Hive). */
    private static List<SortKeySpec.Column> sortColumns(RelCollation collation) {
        List<SortKeySpec.Column> columns = new ArrayList<>();
        for (RelFieldCollation fc : collation.getFieldCollations()) {
            boolean desc = fc.getDirection().isDescending();
            SortKeySpec.Column c = desc ? SortKeySpec.Column.desc(fc.getFieldIndex()) : SortKeySpec.Column.asc(fc.getFieldIndex());
            boolean nullsFirst = switch (fc.nullDirection) {
                case FIRST -> true;
                case LAST -> false;
                default -> !desc;
            };
            columns.add(nullsFirst ? c.nullsFirst() : c.nullsLast());
        }
        return columns;
    }

    // ---- joins --------------------------------------------------------------------------------

    /**
     * A join runs inside the chunk databases when each chunk can compute its share alone (co-located
     * inputs joined on their partitioning keys, or a replicated input on the right side of the
     * join's semantics); otherwise both inputs are repartitioned on the join keys and joined in the
     * reducers.
     */
    private Fragment join(Join j) {
        Fragment left = visit(j.getLeft());
        Fragment right = visit(j.getRight());
        JoinInfo info = j.analyzeCondition();
        if (left instanceof Fragment.Pushed l && right instanceof Fragment.Pushed r) {
            Fragment pushed = pushedJoin(j, l, r, info);
            if (pushed != null) {
                return pushed;
            }
        }
        Fragment broadcast = broadcastJoin(j, left, right, info);
        if (broadcast != null) {
            return broadcast;
        }
        return repartitionJoin(j, left, right, info);
    }

    /**
     * A broadcast join when one input is estimated small enough to hold in each map task's memory and
     * is not the preserved side of an outer join: that input is computed once by its own stage, and
     * the other input's map tasks join their rows against it without a shuffle.
     */
    private Fragment broadcastJoin(Join j, Fragment left, Fragment right, JoinInfo info) {
        if (options.broadcastMaxBytes() <= 0 || info.leftKeys.isEmpty()) {
            return null;
        }
        JoinRelType type = j.getJoinType();
        double leftBytes = estimatedBytes(j.getLeft());
        double rightBytes = estimatedBytes(j.getRight());
        boolean rightSmall = rightBytes <= options.broadcastMaxBytes()
                && (type == JoinRelType.INNER || type == JoinRelType.LEFT || type == JoinRelType.SEMI || type == JoinRelType.ANTI);
        boolean leftSmall = leftBytes <= options.broadcastMaxBytes() && (type == JoinRelType.INNER || type == JoinRelType.RIGHT);
        if (!rightSmall && !leftSmall) {
            return null;
        }
        boolean buildRight = rightSmall && (!leftSmall || rightBytes <= leftBytes);
        Fragment build = buildRight ? right : left;
        Fragment probe = buildRight ? left : right;
        RowSchema leftSchema = schemaOf(j.getLeft().getRowType(), null);
        RowSchema rightSchema = schemaOf(j.getRight().getRowType(), null);
        for (int i = 0; i < info.leftKeys.size(); i++) {
            JoinKeys.commonType(leftSchema, info.leftKeys.get(i), rightSchema, info.rightKeys.get(i));
        }
        StageBuilder buildStage = build instanceof Fragment.Pushed p
                ? newStage(new StageInput.Chunks(source(p, "broadcast join: the small input, computed once"), List.of()))
                : ((Fragment.Staged) build).stage();
        StageBuilder probeStage;
        if (probe instanceof Fragment.Pushed p) {
            probeStage = newStage(new StageInput.Chunks(source(p, "broadcast join: the large input"), List.of()));
        } else {
            StageBuilder s = ((Fragment.Staged) probe).stage();
            // stages run in dependency order, so a map-only probe stage may take a build side planned after it
            probeStage = !s.hasShuffle() ? s : newStage(new StageInput.PreviousStage(s.id(), s.currentSchema(), List.of()));
        }
        org.apache.calcite.rel.type.RelDataType pairType = SqlValidatorUtil.deriveJoinRowType(j.getLeft().getRowType(),
                j.getRight().getRowType(), JoinRelType.INNER, j.getCluster().getTypeFactory(), null, List.of());
        RexNode residual = RexUtil.composeConjunction(j.getCluster().getRexBuilder(), info.nonEquiConditions);
        int[] leftKeys = info.leftKeys.toIntArray();
        int[] rightKeys = info.rightKeys.toIntArray();
        probeStage.append(new OperatorSpec.BroadcastJoin(buildStage.id(), buildStage.currentSchema(),
                buildRight ? leftKeys : rightKeys, buildRight ? rightKeys : leftKeys, type.name(), buildRight,
                residual.isAlwaysTrue() ? null : compiler.filter(residual, pairType), schemaOf(pairType, null),
                schemaOf(j.getRowType(), null)));
        notes.add(type + " join: the " + (buildRight ? "right" : "left") + " input (about "
                + Math.round(buildRight ? rightBytes : leftBytes) + " bytes) is broadcast to the map tasks of the other");
        return new Fragment.Staged(probeStage, j.getRowType(), false);
    }

    private static double estimatedBytes(RelNode rel) {
        RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
        Double rows = mq.getRowCount(rel);
        Double width = mq.getAverageRowSize(rel);
        return (rows == null ? 1e9 : rows) * (width == null ? 64 : width);
    }

    private Fragment pushedJoin(Join j, Fragment.Pushed l, Fragment.Pushed r, JoinInfo info) {
        Placement placement = JoinPlacement.of(l.placement(), r.placement(), j.getJoinType(), info,
                j.getLeft().getRowType().getFieldCount());
        if (placement == null) {
            notes.add(j.getJoinType() + " join of " + l.placement().tables() + " and " + r.placement().tables()
                    + " is not chunk-local: " + JoinPlacement.whyNot(l.placement(), r.placement(), j.getJoinType(), info));
            return null;
        }
        List<RexNode> pushable = new ArrayList<>();
        List<RexNode> kept = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(j.getCondition())) {
            String why = pushdown.whyNotPushable(c);
            if (why == null) {
                pushable.add(c);
            } else {
                kept.add(c);
                notes.add("Join condition " + c + " cannot run in PostgreSQL: " + why);
            }
        }
        if (!kept.isEmpty() && j.getJoinType() != JoinRelType.INNER) {
            return null;
        }
        RexNode condition = RexUtil.composeConjunction(j.getCluster().getRexBuilder(), pushable);
        Join pushedJoin = j.copy(j.getTraitSet(), condition, l.rel(), r.rel(), j.getJoinType(), j.isSemiJoinDone());
        Fragment.Pushed pushed = new Fragment.Pushed(pushedJoin, placement);
        if (kept.isEmpty()) {
            return pushed;
        }
        Fragment.Staged staged = stageOf(pushed, "join condition that PostgreSQL cannot evaluate as Hive does");
        staged.stage().append(compiler.filter(RexUtil.composeConjunction(j.getCluster().getRexBuilder(), kept),
                pushedJoin.getRowType()));
        return staged;
    }

    private Fragment repartitionJoin(Join j, Fragment left, Fragment right, JoinInfo info) {
        JoinRelType type = j.getJoinType();
        int lw = j.getLeft().getRowType().getFieldCount();
        int rw = j.getRight().getRowType().getFieldCount();
        RowSchema leftSchema = schemaOf(j.getLeft().getRowType(), null);
        RowSchema rightSchema = schemaOf(j.getRight().getRowType(), null);
        int k = info.leftKeys.size();
        RowSchema.Builder common = RowSchema.builder();
        for (int i = 0; i < k; i++) {
            common.add("_k" + i, JoinKeys.commonType(leftSchema, info.leftKeys.get(i), rightSchema, info.rightKeys.get(i)));
        }
        common.add("_tag", org.hadoopdb.catalog.model.HiveType.TINYINT);
        for (int i = 0; i < lw; i++) {
            common.add("_l" + i, leftSchema.type(i));
        }
        for (int i = 0; i < rw; i++) {
            common.add("_r" + i, rightSchema.type(i));
        }
        RowSchema commonSchema = common.build();
        int width = k + 1 + lw + rw;
        int[] lf = new int[width];
        int[] rf = new int[width];
        java.util.Arrays.fill(lf, -1);
        java.util.Arrays.fill(rf, -1);
        for (int i = 0; i < k; i++) {
            lf[i] = info.leftKeys.get(i);
            rf[i] = info.rightKeys.get(i);
        }
        for (int i = 0; i < lw; i++) {
            lf[k + 1 + i] = i;
        }
        for (int i = 0; i < rw; i++) {
            rf[k + 1 + lw + i] = i;
        }
        boolean keepLeftNulls = type == JoinRelType.LEFT || type == JoinRelType.FULL || type == JoinRelType.ANTI;
        boolean keepRightNulls = type == JoinRelType.RIGHT || type == JoinRelType.FULL;
        StageBuilder stage = newStage(joinInput(left, new OperatorSpec.JoinInput(lf, k, 0, !keepLeftNulls, commonSchema)));
        stage.addInput(joinInput(right, new OperatorSpec.JoinInput(rf, k, 1, !keepRightNulls, commonSchema)));

        List<SortKeySpec.Column> key = new ArrayList<>();
        for (int i = 0; i <= k; i++) {
            key.add(SortKeySpec.Column.asc(i));
        }
        int reducers = k == 0 ? 1 : Math.max(estimateReducers(j.getLeft()), estimateReducers(j.getRight()));
        stage.shuffle(new Shuffle(SortKeySpec.of(commonSchema, key).groupedBy(k), reducers, k == 0
                ? type + " join without equal keys: one reducer pairs every row"
                : type + " join of inputs not co-located on the join key: repartition both on it"));

        org.apache.calcite.rel.type.RelDataType pairType = SqlValidatorUtil.deriveJoinRowType(j.getLeft().getRowType(),
                j.getRight().getRowType(), JoinRelType.INNER, j.getCluster().getTypeFactory(), null, List.of());
        RowSchema pairSchema = schemaOf(pairType, null);
        RexNode residual = RexUtil.composeConjunction(j.getCluster().getRexBuilder(), info.nonEquiConditions);
        OperatorSpec.Filter residualSpec = residual.isAlwaysTrue() ? null : compiler.filter(residual, pairType);
        stage.append(new OperatorSpec.Join(type.name(), k, lw, rw, residualSpec, options.joinBufferBytes(), pairSchema,
                schemaOf(j.getRowType(), null)));
        return new Fragment.Staged(stage, j.getRowType(), false);
    }

    private StageInput joinInput(Fragment f, OperatorSpec.JoinInput shape) {
        if (f instanceof Fragment.Pushed p) {
            return new StageInput.Chunks(source(p, (shape.tag() == 0 ? "left" : "right") + " join input"), List.of(shape));
        }
        StageBuilder done = ((Fragment.Staged) f).stage();
        return new StageInput.PreviousStage(done.id(), done.currentSchema(), List.of(shape));
    }

    private Fragment sort(Sort s) {
        Fragment in = visit(s.getInput());
        long offset = s.offset == null ? 0 : RexLiteral.intValue(s.offset);
        long fetch = s.fetch == null ? -1 : RexLiteral.intValue(s.fetch);
        RelCollation collation = s.getCollation();
        // a large ORDER BY without LIMIT is sorted by several reducers, each given a range of keys
        int reducers = fetch < 0 && offset == 0 && !collation.getFieldCollations().isEmpty() ? estimateReducers(s.getInput()) : 1;
        if (in instanceof Fragment.Pushed p) {
            if (singleCopy(p.placement())) {
                return new Fragment.Pushed(s.copy(s.getTraitSet(), p.rel(), collation, s.offset, s.fetch), p.placement());
            }
            Fragment.Pushed input = p;
            if (fetch >= 0) {
                // every chunk sends only its own first offset+fetch rows
                RelNode topN = relBuilder.push(p.rel()).sortLimit(0, (int) (offset + fetch),
                        relBuilder.fields(collation)).build();
                input = new Fragment.Pushed(topN, p.placement());
            }
            StageBuilder stage = newStage(new StageInput.Chunks(source(input,
                    fetch >= 0 ? "per-chunk top " + (offset + fetch) : "chunk rows"), List.of()));
            if (reducers > 1) {
                // the range sampler reads an earlier stage's files, so the chunk rows are written first
                stage = newStage(new StageInput.PreviousStage(stage.id(), stage.currentSchema(), List.of()));
            }
            return orderInStage(stage, collation, offset, fetch, s.getRowType(), reducers);
        }
        Fragment.Staged st = (Fragment.Staged) in;
        if (fetch >= 0) {
            // each task of the stage so far keeps only its own first offset+fetch rows
            st.stage().append(new OperatorSpec.TopN(SortKeySpec.of(st.stage().currentSchema(), sortColumns(collation)),
                    offset + fetch));
            if (st.stage().hasSingleReducer()) {
                // the one reducer's top n is the whole query's, already in order: no stage to merge tops
                if (offset > 0 || fetch >= 0) {
                    st.stage().append(new OperatorSpec.Limit(offset, fetch));
                }
                return new Fragment.Staged(st.stage(), s.getRowType(), true);
            }
        }
        boolean sampleable = st.stage().readsOnlyEarlierStages();
        StageBuilder stage = st.stage().hasShuffle() || reducers > 1 && !sampleable
                ? newStage(new StageInput.PreviousStage(st.stage().id(), st.stage().currentSchema(), List.of())) : st.stage();
        return orderInStage(stage, collation, offset, fetch, s.getRowType(), reducers);
    }

    private Fragment orderInStage(StageBuilder stage, RelCollation collation, long offset, long fetch,
                                  org.apache.calcite.rel.type.RelDataType rowType, int reducers) {
        RowSchema schema = stage.currentSchema();
        boolean sorted = !collation.getFieldCollations().isEmpty();
        List<SortKeySpec.Column> columns = sortColumns(collation);
        if (reducers > 1) {
            stage.shuffle(new Shuffle(SortKeySpec.of(schema, columns).groupedBy(0), reducers,
                    "ORDER BY over many rows: " + reducers + " reducers each sort a sampled range of keys, read in turn", true));
            return new Fragment.Staged(stage, rowType, true);
        }
        stage.shuffle(new Shuffle(SortKeySpec.of(schema, columns).groupedBy(0), 1,
                sorted ? "ORDER BY: one reducer receives the rows in order" : "LIMIT: one reducer keeps the first rows"));
        if (offset > 0 || fetch >= 0) {
            stage.append(new OperatorSpec.Limit(offset, fetch));
        }
        return new Fragment.Staged(stage, rowType, sorted);
    }

    // ---- helpers -----------------------------------------------------------------------------

    private Fragment.Staged stageOf(Fragment.Pushed p, String why) {
        StageBuilder stage = newStage(new StageInput.Chunks(source(p, "chunk rows for MapReduce (" + why + ")"), List.of()));
        return new Fragment.Staged(stage, p.rowType(), false);
    }

    private StageBuilder newStage(StageInput input) {
        StageBuilder b = new StageBuilder(stages.size() + 1, input);
        stages.add(b);
        return b;
    }

    private ChunkSource source(Fragment.Pushed p, String what) {
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
                sql.toSql(p.rel()), schemaOf(p.rowType(), null), what);
    }

    private Shuffle groupShuffle(RowSchema schema, int groups, int reducers, String why) {
        List<SortKeySpec.Column> columns = new ArrayList<>();
        for (int i = 0; i < groups; i++) {
            columns.add(SortKeySpec.Column.asc(i));
        }
        return new Shuffle(SortKeySpec.of(schema, columns).groupedBy(groups), groups == 0 ? 1 : reducers, why);
    }

    private int estimateReducers(RelNode input) {
        if (options.fixedReducers() > 0) {
            return options.fixedReducers();
        }
        RelMetadataQuery mq = RelMetadataQuery.instance();
        double rows = mq.getRowCount(input);
        Double width = mq.getAverageRowSize(input);
        double bytes = rows * (width == null ? 64 : width);
        int n = (int) Math.ceil(bytes / options.bytesPerReducer());
        return Math.max(1, Math.min(options.maxReducers(), n));
    }

    private String aggregatesNotPushable(Aggregate a) {
        for (AggregateCall call : a.getAggCallList()) {
            String why = pushdown.whyNotPushable(call);
            if (why != null) {
                return call + ": " + why;
            }
        }
        return null;
    }

    /** True when each chunk holds whole groups: GROUP BY contains the partitioning key, or one copy holds everything. */
    private static boolean chunkLocal(Placement placement, ImmutableBitSet groupSet) {
        if (singleCopy(placement)) {
            return true;
        }
        if (placement instanceof Placement.Chunked c && !c.keyFields().isEmpty()) {
            for (int k : c.keyFields()) {
                if (!groupSet.get(k)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static boolean singleCopy(Placement placement) {
        return placement instanceof Placement.Replicated || placement instanceof Placement.Single
                || placement instanceof Placement.Chunked c && c.singleChunk();
    }

    /** The placement after a projection: key fields follow the columns that are passed through. */
    private static Placement mapPlacement(Placement placement, List<RexNode> projects) {
        if (!(placement instanceof Placement.Chunked c)) {
            return placement;
        }
        List<Integer> keys = new ArrayList<>();
        for (int k : c.keyFields()) {
            int found = -1;
            for (int i = 0; i < projects.size(); i++) {
                if (projects.get(i) instanceof RexInputRef ref && ref.getIndex() == k) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                return new Placement.Chunked(c.driver(), c.scheme(), List.of(), c.chunks(), c.tables());
            }
            keys.add(found);
        }
        return new Placement.Chunked(c.driver(), c.scheme(), keys, c.chunks(), c.tables());
    }

    /** After a chunk-local aggregate, key fields move to their position among the group fields. */
    private static Placement groupedPlacement(Placement placement, Aggregate a) {
        if (!(placement instanceof Placement.Chunked c) || c.keyFields().isEmpty()) {
            return placement instanceof Placement.Chunked c2
                    ? new Placement.Chunked(c2.driver(), c2.scheme(), List.of(), c2.chunks(), c2.tables()) : placement;
        }
        List<Integer> group = a.getGroupSet().asList();
        List<Integer> keys = new ArrayList<>();
        for (int k : c.keyFields()) {
            keys.add(group.indexOf(k));
        }
        return new Placement.Chunked(c.driver(), c.scheme(), keys, c.chunks(), c.tables());
    }

    static RowSchema schemaOf(org.apache.calcite.rel.type.RelDataType type, List<String> names) {
        RowSchema.Builder b = RowSchema.builder();
        for (int i = 0; i < type.getFieldCount(); i++) {
            String name = names != null ? names.get(i) : type.getFieldList().get(i).getName();
            b.add(uniqueName(name, i), org.hadoopdb.planner.analyze.TypeMapping.toHive(
                    type.getFieldList().get(i).getType(), "column " + (i + 1) + " (" + name + ")"));
        }
        return b.build();
    }

    private static String uniqueName(String name, int i) {
        return name == null || name.isBlank() ? "_c" + i : name;
    }
}
