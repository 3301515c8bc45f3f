package org.hadoopdb.runtime.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.OperatorSpec.WinCall;
import org.junit.jupiter.api.Test;

/** Window functions over one sorted partition with ties, NULLs and every frame kind the planner produces. */
class WindowOperatorTest {
    private static final RowSchema IN = RowSchema.builder().add("k", "int").add("v", "bigint").build();
    private static final long U = WinCall.UNBOUNDED;

    private static WinCall call(String f, int[] args, boolean rows, long lower, long upper, long offset, Object def, HiveType type) {
        return new WinCall(f, args, rows, lower, upper, offset, def, type, f.toLowerCase() + "_" + lower + "_" + upper);
    }

    /** Runs the calls over one partition ordered by k: (1,10) (2,20) (2,30) (3,NULL) (4,40). */
    private static List<List<Object>> run(WinCall... calls) throws IOException {
        RowSchema.Builder b = RowSchema.builder().add("k", "int").add("v", "bigint");
        for (WinCall c : calls) {
            b.add(c.name(), c.type());
        }
        OperatorSpec.Window spec = new OperatorSpec.Window(new int[] {0}, List.of(calls), b.build());
        List<List<Object>> out = new ArrayList<>();
        WindowOperator op = new WindowOperator(spec, row -> {
            List<Object> values = new ArrayList<>();
            for (int i = 2; i < row.size(); i++) {
                values.add(row.get(i));
            }
            out.add(values);
        });
        Object[][] rows = {{1, 10L}, {2, 20L}, {2, 30L}, {3, null}, {4, 40L}};
        for (Object[] r : rows) {
            op.accept(Row.of(IN, r));
        }
        op.endGroup();
        op.finish();
        return out;
    }

    private static List<Object> column(List<List<Object>> out, int c) {
        List<Object> col = new ArrayList<>();
        out.forEach(r -> col.add(r.get(c)));
        return col;
    }

    @Test
    void rankings() throws IOException {
        var out = run(call("ROW_NUMBER", new int[0], true, U, 0, 1, null, HiveType.INT),
                call("RANK", new int[0], false, U, 0, 1, null, HiveType.INT),
                call("DENSE_RANK", new int[0], false, U, 0, 1, null, HiveType.INT),
                call("NTILE", new int[0], true, U, 0, 2, null, HiveType.INT),
                call("PERCENT_RANK", new int[0], false, U, 0, 1, null, HiveType.DOUBLE),
                call("CUME_DIST", new int[0], false, U, 0, 1, null, HiveType.DOUBLE));
        assertThat(column(out, 0)).containsExactly(1, 2, 3, 4, 5);
        assertThat(column(out, 1)).containsExactly(1, 2, 2, 4, 5);
        assertThat(column(out, 2)).containsExactly(1, 2, 2, 3, 4);
        assertThat(column(out, 3)).containsExactly(1, 1, 1, 2, 2);
        assertThat(column(out, 4)).containsExactly(0.0, 0.25, 0.25, 0.75, 1.0);
        assertThat(column(out, 5)).containsExactly(0.2, 0.6, 0.6, 0.8, 1.0);
    }

    @Test
    void aggregateFrames() throws IOException {
        var out = run(call("SUM", new int[] {1}, false, U, 0, 1, null, HiveType.BIGINT),     // running, peers included
                call("SUM", new int[] {1}, true, U, 0, 1, null, HiveType.BIGINT),            // running, row by row
                call("COUNT", new int[] {1}, true, -1, 1, 1, null, HiveType.BIGINT),         // sliding, NULL not counted
                call("MAX", new int[] {1}, true, U, U, 1, null, HiveType.BIGINT),            // whole partition
                call("SUM", new int[] {1}, true, -3, -2, 1, null, HiveType.BIGINT),          // frame before the row
                call("COUNT_STAR", new int[0], false, 0, U, 1, null, HiveType.BIGINT));     // current peers to the end
        assertThat(column(out, 0)).containsExactly(10L, 60L, 60L, 60L, 100L);
        assertThat(column(out, 1)).containsExactly(10L, 30L, 60L, 60L, 100L);
        assertThat(column(out, 2)).containsExactly(2L, 3L, 2L, 2L, 1L);
        assertThat(column(out, 3)).containsExactly(40L, 40L, 40L, 40L, 40L);
        assertThat(column(out, 4)).containsExactly(null, null, 10L, 30L, 50L);
        assertThat(column(out, 5)).containsExactly(5L, 4L, 4L, 2L, 1L);
    }

    @Test
    void offsetsAndBoundaries() throws IOException {
        var out = run(call("LAG", new int[] {1}, true, U, 0, 1, null, HiveType.BIGINT),
                call("LEAD", new int[] {1}, true, U, 0, 2, -1, HiveType.BIGINT),
                call("FIRST_VALUE", new int[] {1}, true, -1, 0, 1, null, HiveType.BIGINT),
                call("LAST_VALUE", new int[] {1}, false, U, 0, 1, null, HiveType.BIGINT));
        assertThat(column(out, 0)).containsExactly(null, 10L, 20L, 30L, null);
        assertThat(column(out, 1)).containsExactly(30L, null, 40L, -1L, -1L);
        assertThat(column(out, 2)).containsExactly(10L, 10L, 20L, 30L, null);
        assertThat(column(out, 3)).containsExactly(10L, 30L, 30L, null, 40L);
    }
}
