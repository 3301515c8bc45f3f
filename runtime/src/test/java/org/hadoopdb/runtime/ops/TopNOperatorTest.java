package org.hadoopdb.runtime.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.junit.jupiter.api.Test;

/** A task's top n by the shuffle's own key order, NULLs placed as the query asks. */
class TopNOperatorTest {
    private static final RowSchema SCHEMA = RowSchema.builder().add("v", "int").add("s", "string").build();

    @Test
    void keepsTheSmallestKeysInOrderAcrossGroups() throws IOException {
        SortKeySpec key = SortKeySpec.of(SCHEMA, SortKeySpec.Column.desc(0).nullsLast());
        List<Integer> out = new ArrayList<>();
        TopNOperator op = new TopNOperator(new OperatorSpec.TopN(key, 4), row -> out.add((Integer) row.get(0)));
        Random random = new Random(7);
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            Integer v = i % 97 == 0 ? null : random.nextInt(10_000);
            all.add(v);
            op.accept(Row.of(SCHEMA, v, "row" + i));
            if (i % 100 == 0) {
                op.endGroup();
            }
        }
        op.finish();
        List<Integer> expected = all.stream().filter(v -> v != null).sorted((a, b) -> b - a).limit(4).toList();
        assertThat(out).isEqualTo(expected);
    }

    @Test
    void nullsFirstWhenAscending() throws IOException {
        SortKeySpec key = SortKeySpec.of(SCHEMA, SortKeySpec.Column.asc(0).nullsFirst());
        List<Object> out = new ArrayList<>();
        TopNOperator op = new TopNOperator(new OperatorSpec.TopN(key, 2), row -> out.add(row.get(0)));
        for (Integer v : new Integer[] {5, null, 3, 9}) {
            op.accept(Row.of(SCHEMA, v, "x"));
        }
        op.finish();
        assertThat(out).containsExactly(null, 3);
    }
}
