package org.hadoopdb.planner.sqlgen;

import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * An aggregate printed as {@code CAST(agg(x) AS type)}: PostgreSQL's result type differs from Hive's for
 * some aggregates ({@code sum(bigint)} and {@code avg(integer)} are {@code numeric}, {@code avg(numeric)}
 * has as many digits as the division gives), and the chunk rows must have exactly the planned types.
 * The cast rounds half away from zero, as Hive rounds decimals.
 */
final class TypedAggregate extends SqlAggFunction {
    private final SqlAggFunction inner;
    private final SqlNode castSpec;
    private final boolean castOperand;

    private TypedAggregate(SqlAggFunction inner, SqlNode castSpec, boolean castOperand) {
        super(inner.getName(), null, inner.getKind(), inner.getReturnTypeInference(), inner.getOperandTypeInference(),
                inner.getOperandTypeChecker(), inner.getFunctionType(), inner.requiresOrder(), inner.requiresOver(),
                inner.requiresGroupOrder());
        this.inner = inner;
        this.castSpec = castSpec;
        this.castOperand = castOperand;
    }

    /** {@code call} with its result cast to its planned type when PostgreSQL would return another type; else itself. */
    static AggregateCall exact(AggregateCall call, RelDataType argType, SqlDialect dialect) {
        if (!needsCast(call.getAggregation().getKind(), argType)) {
            return call;
        }
        SqlNode spec = dialect.getCastSpec(call.getType());
        if (spec == null) {
            spec = SqlTypeUtil.convertTypeToSpec(call.getType());
        }
        // Hive sums FLOAT in double precision: cast each value, not the float sum
        boolean operand = argType.getSqlTypeName() == SqlTypeName.REAL || argType.getSqlTypeName() == SqlTypeName.FLOAT;
        boolean sum = call.getAggregation().getKind() == SqlKind.SUM || call.getAggregation().getKind() == SqlKind.SUM0;
        return AggregateCall.create(new TypedAggregate(call.getAggregation(), spec, sum && operand), call.isDistinct(), call.isApproximate(),
                call.ignoreNulls(), call.rexList, call.getArgList(), call.filterArg, call.distinctKeys, call.collation,
                call.getType(), call.getName());
    }

    /** Whether PostgreSQL's result type for {@code kind} over {@code arg} differs from Hive's. */
    static boolean needsCast(SqlKind kind, RelDataType arg) {
        if (arg == null) {
            return false;
        }
        SqlTypeName t = arg.getSqlTypeName();
        return switch (kind) {
            case SUM, SUM0 -> t == SqlTypeName.BIGINT || t == SqlTypeName.REAL || t == SqlTypeName.FLOAT;
            case AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> t != SqlTypeName.DOUBLE;
            default -> false;
        };
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
        SqlAggFunction op = inner.getKind() == SqlKind.SUM0 ? SqlStdOperatorTable.SUM : inner;
        java.util.List<SqlNode> operands = new java.util.ArrayList<>(call.getOperandList());
        if (castOperand) {
            operands.set(0, SqlStdOperatorTable.CAST.createCall(SqlParserPos.ZERO, operands.get(0), castSpec));
        }
        SqlNode aggregate = op.createCall(call.getFunctionQuantifier(), SqlParserPos.ZERO, operands);
        if (inner.getKind() == SqlKind.SUM0) {
            aggregate = SqlStdOperatorTable.COALESCE.createCall(SqlParserPos.ZERO, aggregate,
                    SqlLiteral.createExactNumeric("0", SqlParserPos.ZERO));
        }
        if (castOperand) {
            aggregate.unparse(writer, leftPrec, rightPrec);
            return;
        }
        SqlWriter.Frame frame = writer.startFunCall("CAST");
        aggregate.unparse(writer, 0, 0);
        writer.sep("AS");
        castSpec.unparse(writer, 0, 0);
        writer.endFunCall(frame);
    }
}
