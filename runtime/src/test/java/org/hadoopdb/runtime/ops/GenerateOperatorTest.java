package org.hadoopdb.runtime.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.junit.jupiter.api.Test;

/** LATERAL VIEW's table functions over rows with empty, NULL and NULL-holding collections. */
class GenerateOperatorTest {

    /** Runs {@code function} over argument field 1 of each input row (id, collection). */
    private static List<List<Object>> run(String function, boolean outer, String collectionType, String generated,
                                          Object[]... rows) throws IOException {
        RowSchema in = RowSchema.parse("id:int;c:" + collectionType);
        RowSchema out = RowSchema.parse("id:int;c:" + collectionType + ";" + generated);
        OperatorSpec args = new OperatorSpec.Select(new int[] {1}, RowSchema.parse("a0:" + collectionType));
        List<List<Object>> result = new ArrayList<>();
        RowSink collect = row -> result.add(Arrays.asList(row.get(0), row.get(2), row.size() > 3 ? row.get(3) : "-"));
        GenerateOperator op = new GenerateOperator(new OperatorSpec.Generate(function, args, outer, 2, out),
                sink -> new SelectOperator(new int[] {1}, RowSchema.parse("a0:" + collectionType), sink), collect);
        for (Object[] r : rows) {
            op.accept(Row.of(in, r));
        }
        return result;
    }

    @Test
    void explodeMakesARowPerElementAndOuterKeepsRowsWithNone() throws IOException {
        Object[][] rows = {{1, List.of("a", "b")}, {2, List.of()}, {3, null}, {4, Arrays.asList((Object) null)}};
        assertThat(run("EXPLODE", false, "array<string>", "col:string", rows))
                .containsExactly(List.of(1, "a", "-"), List.of(1, "b", "-"), Arrays.asList(4, null, "-"));
        assertThat(run("EXPLODE", true, "array<string>", "col:string", rows))
                .containsExactly(List.of(1, "a", "-"), List.of(1, "b", "-"), Arrays.asList(2, null, "-"),
                        Arrays.asList(3, null, "-"), Arrays.asList(4, null, "-"));
    }

    @Test
    void explodeOfAMapAndPosexplode() throws IOException {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("x", 1);
        m.put("y", null);
        assertThat(run("EXPLODE", false, "map<string,int>", "key:string;value:int", new Object[] {7, m}))
                .containsExactly(List.of(7, "x", 1), Arrays.asList(7, "y", null));
        assertThat(run("POSEXPLODE", false, "array<bigint>", "pos:int;val:bigint", new Object[] {7, List.of(5L, 6L)}))
                .containsExactly(List.of(7, 0, 5L), List.of(7, 1, 6L));
    }

    @Test
    void inlineMakesARowOfFieldsPerStruct() throws IOException {
        Object[] row = {1, Arrays.asList(List.of("s1", 2), null)};
        assertThat(run("INLINE", false, "array<struct<sku:string,qty:int>>", "sku:string;qty:int", row))
                .containsExactly(List.of(1, "s1", 2), Arrays.asList(1, null, null));
    }
}
