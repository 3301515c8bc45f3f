package org.hadoopdb.runtime.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.CompiledPredicate;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The reduce side of a repartition join against a nested-loop reference, for every join type,
 * with NULL keys, duplicate keys, a residual condition, and a buffer small enough to spill.
 */
class JoinOperatorTest {
    private static final RowSchema COMMON = RowSchema.builder().add("_k0", "int").add("_tag", "tinyint")
            .add("_l0", "int").add("_l1", "string").add("_r0", "int").add("_r1", "string").build();
    private static final RowSchema PAIR = RowSchema.builder().add("a", "int").add("b", "string").add("c", "int").add("d", "string").build();
    private static final RowSchema LEFT_ONLY = PAIR.project(0, 1);

    /** left (key, name) and right (key, name) rows; null keys included. */
    private static final Object[][] LEFT = {{1, "a"}, {1, "b"}, {2, "c"}, {null, "n1"}, {4, "d"}, {5, "e"}};
    private static final Object[][] RIGHT = {{1, "x"}, {2, "y"}, {2, "z"}, {null, "n2"}, {3, "w"}, {5, "v"}};

    private static List<String> run(String type, long bufferBytes, CompiledPredicate residual) throws IOException {
        List<String> out = new ArrayList<>();
        RowSchema schema = type.equals("SEMI") || type.equals("ANTI") ? LEFT_ONLY : PAIR;
        OperatorSpec.Join spec = new OperatorSpec.Join(type, 1, 2, 2, null, bufferBytes, PAIR, schema);
        JoinOperator op = new JoinOperator(spec, residual, row -> out.add(row.toString()));
        // the shuffle's groups: by key (NULL first), left rows before right rows
        Map<Integer, List<Row>> groups = new TreeMap<>();
        List<Row> nullGroup = new ArrayList<>();
        for (int tag = 0; tag < 2; tag++) {
            for (Object[] r : tag == 0 ? LEFT : RIGHT) {
                Row row = new Row(COMMON);
                row.set(0, r[0]);
                row.setLong(1, tag);
                row.set(tag == 0 ? 2 : 4, r[0]);
                row.set(tag == 0 ? 3 : 5, r[1]);
                (r[0] == null ? nullGroup : groups.computeIfAbsent((Integer) r[0], k -> new ArrayList<>())).add(row);
            }
        }
        List<List<Row>> ordered = new ArrayList<>();
        ordered.add(nullGroup);
        ordered.addAll(groups.values());
        for (List<Row> group : ordered) {
            for (Row row : group) {
                op.accept(row);
            }
            op.endGroup();
        }
        op.finish();
        out.sort(null);
        return out;
    }

    private static List<String> reference(String type, CompiledPredicate residual) {
        List<String> out = new ArrayList<>();
        boolean[] rightMatched = new boolean[RIGHT.length];
        for (Object[] l : LEFT) {
            boolean matched = false;
            for (int j = 0; j < RIGHT.length; j++) {
                Object[] r = RIGHT[j];
                Row pair = Row.of(PAIR, l[0], l[1], r[0], r[1]);
                if (l[0] != null && l[0].equals(r[0]) && (residual == null || residual.test(pair))) {
                    matched = true;
                    rightMatched[j] = true;
                    if (!type.equals("SEMI") && !type.equals("ANTI")) {
                        out.add(pair.toString());
                    }
                }
            }
            if (type.equals("SEMI") && matched || type.equals("ANTI") && !matched) {
                out.add(Row.of(LEFT_ONLY, l[0], l[1]).toString());
            }
            if ((type.equals("LEFT") || type.equals("FULL")) && !matched) {
                out.add(Row.of(PAIR, l[0], l[1], null, null).toString());
            }
        }
        if (type.equals("RIGHT") || type.equals("FULL")) {
            for (int j = 0; j < RIGHT.length; j++) {
                if (!rightMatched[j]) {
                    out.add(Row.of(PAIR, null, null, RIGHT[j][0], RIGHT[j][1]).toString());
                }
            }
        }
        out.sort(null);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"INNER", "LEFT", "RIGHT", "FULL", "SEMI", "ANTI"})
    void everyJoinTypeMatchesTheNestedLoopReference(String type) throws IOException {
        assertThat(run(type, 1 << 20, null)).isEqualTo(reference(type, null)).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"INNER", "LEFT", "RIGHT", "FULL", "SEMI", "ANTI"})
    void aResidualConditionDecidesWhichPairsMatch(String type) throws IOException {
        CompiledPredicate notX = row -> !"x".equals(row.getString(3)) && !"y".equals(row.getString(3));
        assertThat(run(type, 1 << 20, notX)).isEqualTo(reference(type, notX));
    }

    @ParameterizedTest
    @ValueSource(strings = {"INNER", "LEFT", "FULL", "SEMI", "ANTI"})
    void leftRowsBeyondTheBufferSpillToDiskWithTheSameResult(String type) throws IOException {
        // a budget of one row: every further left row of a key goes to the spill file
        assertThat(run(type, 1, null)).isEqualTo(reference(type, null));
    }

    @Test
    void nullKeysNeverMatch() throws IOException {
        assertThat(run("INNER", 1 << 20, null)).noneMatch(s -> s.contains("n1") || s.contains("n2"));
        assertThat(run("FULL", 1 << 20, null)).anyMatch(s -> s.contains("n1")).anyMatch(s -> s.contains("n2"));
    }

    @Test
    void aCancelledJoinStopsWithinAFewThousandPairs() throws IOException {
        // one key shared by 200 left and 200 right rows: 40,000 pairs from one group
        OperatorSpec.Join spec = new OperatorSpec.Join("INNER", 1, 2, 2, null, 1 << 20, PAIR, PAIR);
        boolean[] cancelled = {false};
        List<String> out = new ArrayList<>();
        JoinOperator op = new JoinOperator(spec, null, row -> {
            out.add(row.toString());
            cancelled[0] = true; // the query is cancelled while its first pair is written
        }, ((Cancellation) () -> cancelled[0]).ticker());
        for (int tag = 0; tag < 2; tag++) {
            for (int i = 0; i < 200; i++) {
                Row row = new Row(COMMON);
                row.set(0, 1);
                row.setLong(1, tag);
                row.set(tag == 0 ? 2 : 4, 1);
                row.set(tag == 0 ? 3 : 5, "r" + i);
                op.accept(row);
            }
        }
        assertThatThrownBy(op::endGroup).isInstanceOf(PlannerException.class).hasMessage("Query cancelled");
        assertThat(out).hasSizeBetween(1, Cancellation.ROWS_BETWEEN_CHECKS);
    }
}
