package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSampleSpec;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Hive's {@code TABLESAMPLE (BUCKET x OUT OF y ON col, …)} before the planner has checked that the
 * columns are the table's partitioning key: the parser does not know the table's key, the analyzer
 * does, and replaces this call by Calcite's TABLESAMPLE ({@link #bucketSample}) or refuses it. Without
 * ON the parser writes Calcite's TABLESAMPLE directly.
 *
 * <p>HadoopDB's buckets are the table's chunks: bucket {@code x} of {@code y} is the chunks whose number
 * modulo {@code y} is {@code x - 1} (every row in exactly one of the {@code y} samples; tables on the
 * same partitioning scheme are sampled alike). In Calcite's sample spec it travels as a repeatable
 * SYSTEM sample of rate {@code 1 / y} whose seed is {@code x - 1}; {@code n PERCENT} as a
 * non-repeatable one of rate {@code n / 100}.
 */
public final class TableSampleOperator extends SqlSpecialOperator {
    public static final TableSampleOperator INSTANCE = new TableSampleOperator();

    private TableSampleOperator() {
        super("HIVE_BUCKET_SAMPLE", SqlKind.OTHER);
    }

    /** {@code table TABLESAMPLE (BUCKET x OUT OF y ON columns)}, to be checked by the analyzer. */
    static SqlCall onColumns(SqlNode table, int x, int y, List<SqlIdentifier> columns, SqlParserPos pos) {
        return INSTANCE.createCall(pos, table, SqlLiteral.createExactNumeric(Integer.toString(x), pos),
                SqlLiteral.createExactNumeric(Integer.toString(y), pos), new SqlNodeList(columns, pos));
    }

    /** Calcite's TABLESAMPLE for bucket {@code x} of {@code y} of {@code table}'s chunks. */
    public static SqlNode bucketSample(SqlNode table, int x, int y, SqlParserPos pos) {
        return SqlStdOperatorTable.TABLESAMPLE.createCall(pos, table,
                SqlLiteral.createSample(SqlSampleSpec.createTableSample(false,
                        java.math.BigDecimal.ONE.divide(java.math.BigDecimal.valueOf(y), java.math.MathContext.DECIMAL64), x - 1), pos));
    }

    /** Calcite's TABLESAMPLE for about {@code percent} percent of {@code table}'s chunks. */
    static SqlNode percentSample(SqlNode table, java.math.BigDecimal percent, SqlParserPos pos) {
        return SqlStdOperatorTable.TABLESAMPLE.createCall(pos, table,
                SqlLiteral.createSample(SqlSampleSpec.createTableSample(false, percent.movePointLeft(2)), pos));
    }

    /** The sampled table (a name, or a name with its alias). */
    public static SqlNode table(SqlCall call) {
        return call.operand(0);
    }

    public static int numerator(SqlCall call) {
        return ((SqlLiteral) call.operand(1)).intValue(true);
    }

    public static int denominator(SqlCall call) {
        return ((SqlLiteral) call.operand(2)).intValue(true);
    }

    /** The ON columns' names, as written. */
    public static List<String> columns(SqlCall call) {
        List<String> out = new ArrayList<>();
        for (SqlNode n : (SqlNodeList) call.operand(3)) {
            out.add(((SqlIdentifier) n).getSimple());
        }
        return out;
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
        call.operand(0).unparse(writer, 0, 0);
        writer.keyword("TABLESAMPLE");
        SqlWriter.Frame frame = writer.startList("(", ")");
        writer.keyword("BUCKET " + numerator(call) + " OUT OF " + denominator(call) + " ON");
        ((SqlNodeList) call.operand(3)).unparse(writer, 0, 0);
        writer.endList(frame);
    }
}
