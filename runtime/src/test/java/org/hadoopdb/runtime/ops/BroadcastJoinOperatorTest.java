package org.hadoopdb.runtime.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.codegen.CompiledPredicate;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The map-side join against a nested-loop reference; keys of different integer widths meet. */
class BroadcastJoinOperatorTest {
    private static final RowSchema PROBE = RowSchema.builder().add("k", "int").add("p", "string").build();
    private static final RowSchema BUILD = RowSchema.builder().add("k", "bigint").add("b", "string").build();
    private static final Object[][] PROBES = {{1, "a"}, {1, "b"}, {2, "c"}, {null, "n"}, {4, "d"}};
    private static final Object[][] BUILDS = {{1L, "x"}, {2L, "y"}, {2L, "z"}, {null, "m"}, {3L, "w"}};

    private static List<String> run(String type, boolean probeIsLeft, CompiledPredicate residual) throws IOException {
        RowSchema pair = probeIsLeft ? concat(PROBE, BUILD) : concat(BUILD, PROBE);
        RowSchema out = type.equals("SEMI") || type.equals("ANTI") ? PROBE : pair;
        OperatorSpec.BroadcastJoin spec = new OperatorSpec.BroadcastJoin(7, BUILD, new int[] {0}, new int[] {0}, type,
                probeIsLeft, null, pair, out);
        List<Row> builds = new ArrayList<>();
        for (Object[] b : BUILDS) {
            builds.add(Row.of(BUILD, b));
        }
        List<String> result = new ArrayList<>();
        BroadcastJoinOperator op = new BroadcastJoinOperator(spec, residual, (stage, schema) -> {
            assertThat(stage).isEqualTo(7);
            return builds;
        }, row -> result.add(row.toString()));
        for (Object[] p : PROBES) {
            op.accept(Row.of(PROBE, p));
        }
        op.finish();
        result.sort(null);
        return result;
    }

    private static RowSchema concat(RowSchema a, RowSchema b) {
        RowSchema.Builder x = RowSchema.builder();
        a.fields().forEach(f -> x.add("a_" + f.name(), f.type()));
        b.fields().forEach(f -> x.add("b_" + f.name(), f.type()));
        return x.build();
    }

    private static List<String> reference(String type, boolean probeIsLeft, CompiledPredicate residual) {
        RowSchema pair = probeIsLeft ? concat(PROBE, BUILD) : concat(BUILD, PROBE);
        List<String> out = new ArrayList<>();
        for (Object[] p : PROBES) {
            boolean matched = false;
            for (Object[] b : BUILDS) {
                Row r = probeIsLeft ? Row.of(pair, p[0], p[1], b[0], b[1]) : Row.of(pair, b[0], b[1], p[0], p[1]);
                if (p[0] != null && b[0] != null && ((Integer) p[0]).longValue() == (Long) b[0]
                        && (residual == null || residual.test(r))) {
                    matched = true;
                    if (!type.equals("SEMI") && !type.equals("ANTI")) {
                        out.add(r.toString());
                    }
                }
            }
            if (type.equals("SEMI") && matched || type.equals("ANTI") && !matched) {
                out.add(Row.of(PROBE, p).toString());
            }
            if ((type.equals("LEFT") || type.equals("RIGHT")) && !matched) {
                out.add((probeIsLeft ? Row.of(pair, p[0], p[1], null, null) : Row.of(pair, null, null, p[0], p[1])).toString());
            }
        }
        out.sort(null);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"INNER", "LEFT", "SEMI", "ANTI"})
    void probingFromTheLeft(String type) throws IOException {
        assertThat(run(type, true, null)).isEqualTo(reference(type, true, null)).isNotEmpty();
        CompiledPredicate notY = row -> !"y".equals(row.getString(3));
        assertThat(run(type, true, notY)).isEqualTo(reference(type, true, notY));
    }

    @ParameterizedTest
    @ValueSource(strings = {"INNER", "RIGHT"})
    void probingFromTheRight(String type) throws IOException {
        assertThat(run(type, false, null)).isEqualTo(reference(type, false, null)).isNotEmpty();
    }

    @org.junit.jupiter.api.Test
    void keysOfSeveralColumnsSpreadOverTheHashTable() {
        // TPC-H's partsupp keys: four suppliers per part, each following from the part; as lists they shared hash codes
        // by the dozen, and the hash table's buckets became trees searched end to end
        java.util.Set<Integer> hashes = new java.util.HashSet<>();
        int keys = 0;
        for (long part = 1; part <= 50_000; part++) {
            for (int i = 0; i < 4; i++) {
                long supplier = (part + i * (2_500 + (part - 1) / 10_000)) % 10_000 + 1;
                hashes.add(new BroadcastJoinOperator.CompositeKey(new Object[] {part, supplier}).hashCode());
                keys++;
            }
        }
        assertThat(hashes.size()).isGreaterThan(keys * 99 / 100);
        assertThat(new BroadcastJoinOperator.CompositeKey(new Object[] {1L, "a"}))
                .isEqualTo(new BroadcastJoinOperator.CompositeKey(new Object[] {1L, "a"}))
                .isNotEqualTo(new BroadcastJoinOperator.CompositeKey(new Object[] {1L, "b"}));
    }
}
