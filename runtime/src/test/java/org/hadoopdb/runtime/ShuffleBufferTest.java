package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.runtime.ExecutionPlan.Fixed;
import org.hadoopdb.runtime.ExecutionPlan.InClient;
import org.hadoopdb.runtime.ExecutionPlan.Job;
import org.hadoopdb.runtime.ops.RowSink;
import org.junit.jupiter.api.Test;

/** The map side's buffer of a stage in the client: one list per thread, the shuffle's order over all, the caps. */
class ShuffleBufferTest {
    private static final RowSchema SCHEMA = RowSchema.builder().add("k", HiveType.BIGINT).add("s", HiveType.STRING).build();
    private static final Shuffle ON_K = new Shuffle(SortKeySpec.of(SCHEMA, SortKeySpec.Column.asc(0)), 1, "test");

    private static InClient caps(long rows, long bytes) {
        return new InClient(rows, bytes, new Job(new Fixed(1)));
    }

    @Test
    void rowsFromManyThreadsComeOutInKeyOrder() throws Exception {
        ShuffleBuffer buffer = new ShuffleBuffer(ON_K, caps(1_000_000, 1L << 30));
        int threads = 4;
        CountDownLatch done = new CountDownLatch(threads);
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int first = t;
            RowSink sink = buffer.sink(false);
            Thread thread = new Thread(() -> {
                Row reused = new Row(SCHEMA);
                try {
                    // each thread hands in its rows in descending order, through one reused row object
                    for (long k = 999 - first; k >= 0; k -= threads) {
                        reused.setLong(0, k);
                        reused.setString(1, "v" + k);
                        sink.accept(reused);
                    }
                } catch (Exception e) {
                    throw new AssertionError(e);
                } finally {
                    done.countDown();
                }
            });
            started.add(thread);
            thread.start();
        }
        done.await();
        for (Thread t : started) {
            t.join();
        }

        List<ShuffleBuffer.Entry> sorted = buffer.sorted();

        assertThat(buffer.rows()).isEqualTo(1000);
        assertThat(sorted).hasSize(1000);
        for (int i = 0; i < sorted.size(); i++) {
            // the rows were copied: the reused object's last values did not overwrite them
            assertThat(sorted.get(i).row().getLong(0)).isEqualTo(i);
            assertThat(sorted.get(i).row().getString(1)).isEqualTo("v" + i);
        }
    }

    @Test
    void ownedRowsAreKeptAsTheyAre() throws Exception {
        ShuffleBuffer buffer = new ShuffleBuffer(ON_K, caps(10, 1L << 20));
        Row row = Row.of(SCHEMA, 7L, "seven");
        buffer.sink(true).accept(row);
        assertThat(buffer.sorted()).extracting(ShuffleBuffer.Entry::row).containsExactly(row);
    }

    @Test
    void theRowCapStopsThePipelineThatCrossesIt() throws Exception {
        ShuffleBuffer buffer = new ShuffleBuffer(ON_K, caps(3, 1L << 20));
        RowSink a = buffer.sink(false);
        RowSink b = buffer.sink(false);
        a.accept(Row.of(SCHEMA, 1L, "a"));
        b.accept(Row.of(SCHEMA, 2L, "b"));
        a.accept(Row.of(SCHEMA, 3L, "c"));
        assertThatThrownBy(() -> b.accept(Row.of(SCHEMA, 4L, "d"))).isInstanceOf(ShuffleBuffer.Full.class)
                .hasMessageStartingWith("more than 4 rows (")
                .hasMessageContaining("past its caps of 3 rows or 1,048,576 bytes (hadoopdb.exec.client-stage.max-buffered-rows, "
                        + "hadoopdb.exec.client-stage.max-buffer-bytes)");
    }

    @Test
    void theByteCapCountsEveryRowsValuesAndOverhead() throws Exception {
        ShuffleBuffer buffer = new ShuffleBuffer(ON_K, caps(1_000, 1_000));
        RowSink sink = buffer.sink(false);
        sink.accept(Row.of(SCHEMA, 1L, "x".repeat(100)));
        assertThatThrownBy(() -> {
            for (int i = 0; i < 20; i++) {
                sink.accept(Row.of(SCHEMA, 1L, "x".repeat(100)));
            }
        }).isInstanceOf(ShuffleBuffer.Full.class).hasMessageContaining("past its caps of 1,000 rows or 1,000 bytes");
        assertThat(buffer.rows()).isLessThan(10);
    }
}
