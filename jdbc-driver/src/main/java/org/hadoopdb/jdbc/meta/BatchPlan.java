package org.hadoopdb.jdbc.meta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.Statement;

/**
 * How a JDBC batch runs: consecutive {@code INSERT INTO t [(columns)] VALUES ...} statements of the
 * batch into the same table and columns become one {@code INSERT} with all their rows, so a batch
 * of a thousand rows costs one load, not a thousand; every other statement runs on its own, in order.
 *
 * <p>A merged insert is atomic like any {@code INSERT}: its rows become visible together, or none of
 * them does. At most {@link #MAX_ROWS_PER_INSERT} rows go into one insert, which bounds the size of
 * the statement the planner and the node database see.
 */
final class BatchPlan {
    /** The most rows one merged INSERT carries; a longer run of inserts becomes several. */
    static final int MAX_ROWS_PER_INSERT = 5_000;

    private BatchPlan() {
    }

    /**
     * One statement to run for the batch entries {@code first} to {@code first + rows.length - 1};
     * {@code rows[k]} is the number of VALUES rows entry {@code first + k} contributed, or empty when
     * the statement is a batch entry run as it is.
     */
    record Step(Statement statement, int first, int[] rows) {
        boolean merged() {
            return rows.length > 0;
        }
    }

    /** Runs one statement of the batch and returns its update count; {@code index} is its first batch entry. */
    interface Runner {
        long run(Statement statement, int index);
    }

    /**
     * Runs a batch and returns JDBC's update counts: the rows each entry inserted (or
     * {@code SUCCESS_NO_INFO} when a merged insert loaded another number of rows than it was given).
     */
    static long[] run(List<Statement> batch, Runner runner) {
        long[] counts = new long[batch.size()];
        for (Step step : of(batch)) {
            long count = runner.run(step.statement(), step.first());
            if (!step.merged()) {
                counts[step.first()] = count;
                continue;
            }
            int[] rows = step.rows();
            boolean exact = Arrays.stream(rows).asLongStream().sum() == count;
            for (int k = 0; k < rows.length; k++) {
                counts[step.first() + k] = exact ? rows[k] : java.sql.Statement.SUCCESS_NO_INFO;
            }
        }
        return counts;
    }

    /** The statements that run the batch, in order. */
    static List<Step> of(List<Statement> batch) {
        List<Step> steps = new ArrayList<>();
        int i = 0;
        while (i < batch.size()) {
            Statement s = batch.get(i);
            if (!(s instanceof InsertTableStatement first) || !isValuesInsert(first)) {
                steps.add(new Step(s, i, new int[0]));
                i++;
                continue;
            }
            List<SqlNode> rows = new ArrayList<>(rowsOf(first));
            List<Integer> counts = new ArrayList<>(List.of(rows.size()));
            int j = i + 1;
            while (j < batch.size() && batch.get(j) instanceof InsertTableStatement next && sameTarget(first, next)
                    && rows.size() + rowsOf(next).size() <= MAX_ROWS_PER_INSERT) {
                rows.addAll(rowsOf(next));
                counts.add(rowsOf(next).size());
                j++;
            }
            if (j == i + 1) {
                steps.add(new Step(first, i, new int[0]));
            } else {
                SqlNode values = SqlStdOperatorTable.VALUES.createCall(SqlParserPos.ZERO, rows);
                Statement merged = new InsertTableStatement(first.table(), false, first.partition(), first.columns(), values,
                        first.span());
                steps.add(new Step(merged, i, counts.stream().mapToInt(Integer::intValue).toArray()));
            }
            i = j;
        }
        return steps;
    }

    private static boolean isValuesInsert(InsertTableStatement s) {
        return !s.overwrite() && s.query() != null && s.query().getKind() == SqlKind.VALUES;
    }

    private static boolean sameTarget(InsertTableStatement a, InsertTableStatement b) {
        return isValuesInsert(b) && normalized(a.table()).equals(normalized(b.table()))
                && normalized(a.columns()).equals(normalized(b.columns())) && java.util.Objects.equals(a.partition(), b.partition());
    }

    private static List<SqlNode> rowsOf(InsertTableStatement s) {
        return ((SqlCall) s.query()).getOperandList();
    }

    private static String normalized(String name) {
        return name.replace("`", "").toLowerCase(Locale.ROOT);
    }

    private static List<String> normalized(List<String> names) {
        return names.stream().map(BatchPlan::normalized).toList();
    }
}
