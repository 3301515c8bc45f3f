package org.hadoopdb.planner.sqlgen;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Rewrites a pushed plan fragment so that {@code RelToSqlConverter} prints exactly Hive's
 * semantics: every call with a {@link PostgresTranslation} template becomes a {@link PgSql} call,
 * searches over strings and doubles are expanded into comparisons (which then get their
 * collation and NaN handling), aggregates get Hive's result types, and constants that are result
 * columns get their type ({@link TypedConstants}).
 */
final class PostgresRewriter extends RelHomogeneousShuttle {
    private final RexBuilder rexBuilder;

    private PostgresRewriter(RexBuilder rexBuilder) {
        this.rexBuilder = rexBuilder;
    }

    static RelNode rewrite(RelNode fragment) {
        return fragment.accept(new PostgresRewriter(fragment.getCluster().getRexBuilder()));
    }

    @Override
    public RelNode visit(RelNode other) {
        RelNode rel = super.visit(other);
        Expressions rex = new Expressions();
        if (rel instanceof Filter f) {
            return f.copy(f.getTraitSet(), f.getInput(), f.getCondition().accept(rex));
        }
        if (rel instanceof Project p) {
            List<RexNode> exprs = new ArrayList<>();
            for (RexNode e : p.getProjects()) {
                // a constant column keeps its type (PostgreSQL would read 2.5 as numeric, NULL as text)
                exprs.add(e instanceof RexLiteral lit ? TypedConstants.typed(rexBuilder, lit, lit.getType()) : e.accept(rex));
            }
            return p.copy(p.getTraitSet(), p.getInput(), exprs, p.getRowType());
        }
        if (rel instanceof Join j) {
            return j.copy(j.getTraitSet(), j.getCondition().accept(rex), j.getLeft(), j.getRight(), j.getJoinType(),
                    j.isSemiJoinDone());
        }
        if (rel instanceof Aggregate a) {
            return aggregate(a);
        }
        return rel;
    }

    /** Rewrites calls bottom-up. */
    private final class Expressions extends RexShuttle {
        @Override
        public RexNode visitCall(RexCall call) {
            if (call.getKind() == SqlKind.SEARCH) {
                RelDataType t = call.operands.get(0).getType();
                if (SqlTypeUtil.isCharacter(t) || SqlTypeUtil.isApproximateNumeric(t)) {
                    return RexUtil.expandSearch(rexBuilder, null, call).accept(this);
                }
            }
            RexCall rewritten = (RexCall) super.visitCall(call);
            if (rewritten.getKind() == SqlKind.AND || rewritten.getKind() == SqlKind.OR) {
                // a SEARCH expanded above is an OR: under an OR it must merge into one flat OR, as Calcite requires
                return RexUtil.flatten(rexBuilder, rewritten);
            }
            PostgresTranslation.Decision d = PostgresTranslation.of(call);
            if (d.template() == null) {
                // pushable as printed, or a planner-made expression the policy never saw (kept as Calcite prints it)
                return rewritten;
            }
            return rexBuilder.makeCall(call.getType(), new PgSql(d.template()), rewritten.operands);
        }
    }

    private RelNode aggregate(Aggregate a) {
        List<AggregateCall> calls = new ArrayList<>();
        boolean changed = false;
        for (AggregateCall call : a.getAggCallList()) {
            String template = aggregateTemplate(call, a.getInput().getRowType());
            if (template == null) {
                calls.add(call);
            } else {
                calls.add(AggregateCall.create(new PgAggregate(call.getAggregation(), template, call.getType()), false, call.isApproximate(),
                        call.ignoreNulls(), call.rexList, call.getArgList(), call.filterArg, call.distinctKeys,
                        call.collation, call.getType(), call.getName()));
                changed = true;
            }
        }
        return changed ? a.copy(a.getTraitSet(), a.getInput(), a.getGroupSet(), a.getGroupSets(), calls) : a;
    }

    /** The template printing {@code call} with Hive's result type, or null when PostgreSQL's own is Hive's. */
    static String aggregateTemplate(AggregateCall call, RelDataType input) {
        if (call.isDistinct() || call.getArgList().size() != 1 || call.filterArg >= 0) {
            return null;
        }
        SqlTypeName arg = input.getFieldList().get(call.getArgList().get(0)).getType().getSqlTypeName();
        RelDataType type = call.getType();
        boolean approx = arg == SqlTypeName.DOUBLE;
        return switch (call.getAggregation().getKind()) {
            // sum(int) is BIGINT in both; sum(bigint) is NUMERIC in PostgreSQL
            case SUM, SUM0 -> {
                // Hive's BIGINT sum wraps: the exact NUMERIC sum taken modulo 2^64, as Java's long arithmetic does
                String sum = arg == SqlTypeName.BIGINT ? "CAST(MOD(MOD(SUM({0}) + 9223372036854775808, 18446744073709551616) "
                        + "+ 18446744073709551616, 18446744073709551616) - 9223372036854775808 AS BIGINT)"
                        : arg == SqlTypeName.REAL ? "SUM(CAST({0} AS DOUBLE PRECISION))" : null;
                // $SUM0 is 0, not NULL, over no rows
                yield sum == null || call.getAggregation().getKind() == SqlKind.SUM ? sum : "COALESCE(" + sum + ", 0)";
            }
            case AVG -> type.getSqlTypeName() == SqlTypeName.DECIMAL
                    ? "CAST(AVG({0}) AS NUMERIC(" + type.getPrecision() + ", " + type.getScale() + "))"
                    : approx ? null : "AVG(CAST({0} AS DOUBLE PRECISION))";
            // code-point order whatever the node database's collation
            case MIN, MAX -> arg == SqlTypeName.VARCHAR || arg == SqlTypeName.CHAR
                    ? call.getAggregation().getName() + "({0} COLLATE \"C\")" : null;
            case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> approx ? null
                    : call.getAggregation().getName() + "(CAST({0} AS DOUBLE PRECISION))";
            default -> null;
        };
    }
}
