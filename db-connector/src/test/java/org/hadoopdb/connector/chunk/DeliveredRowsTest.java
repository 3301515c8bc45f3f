package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.junit.jupiter.api.Test;

/** The multiset of rows handed on, and what a resumed read skips. */
class DeliveredRowsTest {
    private static final RowSchema SCHEMA = RowSchema.builder().add("k", "int").add("v", "double").add("d", "decimal(10,2)")
            .add("s", "string").build();

    private static Row row(int k, double v, String d, String s) {
        return Row.of(SCHEMA, k, v, d == null ? null : new BigDecimal(d), s);
    }

    /** Hands the rows on to {@code rows}; returns those handed on (not skipped). */
    private static List<Row> handOn(DeliveredRows delivered, List<Row> rows) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            if (delivered.handOn(r)) {
                out.add(r);
            }
        }
        return out;
    }

    private static List<Row> rows(int n, long seed) {
        Random random = new Random(seed);
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // few distinct values: many exact duplicates
            out.add(row(random.nextInt(20), random.nextInt(3) * 0.5, random.nextBoolean() ? "1.50" : null, "s" + random.nextInt(4)));
        }
        return out;
    }

    @Test
    void aReplayInAnotherOrderSkipsExactlyTheRowsHandedOnDuplicatesIncluded() {
        List<Row> all = rows(5000, 1);
        DeliveredRows delivered = new DeliveredRows(100_000);
        List<Row> first = handOn(delivered, all.subList(0, 1234));
        assertThat(first).hasSize(1234);

        List<Row> shuffled = new ArrayList<>(all);
        Collections.shuffle(shuffled, new Random(2));
        delivered.beginReplay();
        List<Row> rest = handOn(delivered, shuffled);
        assertThat(delivered.pending()).isZero();

        List<Row> answer = new ArrayList<>(first);
        answer.addAll(rest);
        assertThat(answer).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void aSecondFailoverSkipsTheRowsOfBothCopies() {
        List<Row> all = rows(3000, 3);
        DeliveredRows delivered = new DeliveredRows(100_000);
        List<Row> answer = new ArrayList<>(handOn(delivered, all.subList(0, 700)));

        List<Row> second = new ArrayList<>(all);
        Collections.reverse(second);
        delivered.beginReplay();
        answer.addAll(handOn(delivered, second.subList(0, 1500)));

        List<Row> third = new ArrayList<>(all);
        Collections.shuffle(third, new Random(4));
        delivered.beginReplay();
        answer.addAll(handOn(delivered, third));
        assertThat(delivered.pending()).isZero();
        assertThat(answer).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void valuesThatCompareEqualInSqlButDifferAreDifferentRows() {
        DeliveredRows delivered = new DeliveredRows(10);
        assertThat(delivered.handOn(row(1, 0.0, "1.50", "a"))).isTrue();
        delivered.beginReplay();
        assertThat(delivered.handOn(row(1, -0.0, "1.50", "a"))).isTrue();
        assertThat(delivered.handOn(row(1, 0.0, "1.5", "a"))).isTrue();
        assertThat(delivered.pending()).isOne();
        assertThat(delivered.handOn(row(1, 0.0, "1.50", "a"))).isFalse();
        assertThat(delivered.pending()).isZero();
    }

    @Test
    void aCopyMissingARowHandedOnLeavesItPending() {
        DeliveredRows delivered = new DeliveredRows(10);
        handOn(delivered, List.of(row(1, 1, null, "a"), row(2, 2, null, "b")));
        delivered.beginReplay();
        assertThat(handOn(delivered, List.of(row(2, 2, null, "b"), row(3, 3, null, "c")))).containsExactly(row(3, 3, null, "c"));
        assertThat(delivered.pending()).isOne();
    }

    @Test
    void pastTheLimitTheReadCannotResume() {
        DeliveredRows delivered = new DeliveredRows(2);
        handOn(delivered, List.of(row(1, 1, null, "a"), row(2, 2, null, "b")));
        assertThat(delivered.complete()).isTrue();
        assertThat(delivered.handOn(row(3, 3, null, "c"))).isTrue();
        assertThat(delivered.complete()).isFalse();
        assertThatThrownBy(delivered::beginReplay).isInstanceOf(IllegalStateException.class);

        DeliveredRows none = new DeliveredRows(0);
        assertThat(none.complete()).isTrue();
        none.beginReplay();
        assertThat(none.handOn(row(1, 1, null, "a"))).isTrue();
        assertThat(none.complete()).isFalse();
    }

    @Test
    void pairsSortAndSearchLikeOrderedPairs() {
        Random random = new Random(5);
        int n = 2000;
        long[] pairs = new long[2 * n];
        for (int i = 0; i < pairs.length; i++) {
            pairs[i] = random.nextInt(30) - 15L; // many equal high halves
        }
        DeliveredRows.sortPairs(pairs, n);
        for (int i = 1; i < n; i++) {
            int c = Long.compare(pairs[2 * i - 2], pairs[2 * i]);
            assertThat(c < 0 || c == 0 && pairs[2 * i - 1] <= pairs[2 * i + 1]).as("pair %d", i).isTrue();
        }
        int at = DeliveredRows.lowerBound(pairs, n, pairs[2 * 700], pairs[2 * 700 + 1]);
        assertThat(pairs[2 * at]).isEqualTo(pairs[2 * 700]);
        assertThat(pairs[2 * at + 1]).isEqualTo(pairs[2 * 700 + 1]);
        assertThat(at == 0 || pairs[2 * at - 2] != pairs[2 * at] || pairs[2 * at - 1] != pairs[2 * at + 1]).isTrue();
    }
}
