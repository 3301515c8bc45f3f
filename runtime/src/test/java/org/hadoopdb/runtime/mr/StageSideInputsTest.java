package org.hadoopdb.runtime.mr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class StageSideInputsTest {
    private static StageSideInputs task(String queryDir) {
        Configuration conf = new Configuration(false);
        conf.set(StageConf.QUERY_DIR, queryDir);
        return new StageSideInputs(conf);
    }

    @Test
    void theTasksOfAQueryInOneProcessBuildASharedValueOnce() throws Exception {
        AtomicInteger builds = new AtomicInteger();
        CountDownLatch building = new CountDownLatch(1);
        ExecutorService tasks = Executors.newFixedThreadPool(4);
        try {
            List<Future<Object>> values = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                values.add(tasks.submit(() -> task("/q/1").shared("table", () -> {
                    builds.incrementAndGet();
                    try {
                        building.await(); // the others ask meanwhile
                    } catch (InterruptedException e) {
                        throw new IOException(e);
                    }
                    return (Object) List.of("built");
                })));
            }
            building.countDown();
            Object first = values.get(0).get();
            for (Future<Object> v : values) {
                assertThat(v.get()).isSameAs(first);
            }
            assertThat(builds).hasValue(1);
            // another query, or another name, builds its own; a query that ended builds anew
            assertThat(task("/q/2").shared("table", () -> List.of("other"))).isEqualTo(List.of("other"));
            assertThat(task("/q/1").shared("table2", () -> List.of("other"))).isEqualTo(List.of("other"));
            StageSideInputs.release(new Path("/q/1"));
            assertThat(task("/q/1").shared("table", () -> List.of("again"))).isEqualTo(List.of("again"));
        } finally {
            tasks.shutdownNow();
            StageSideInputs.release(new Path("/q/1"));
            StageSideInputs.release(new Path("/q/2"));
        }
    }

    @Test
    void aFailedBuildIsNotKept() throws Exception {
        assertThatThrownBy(() -> task("/q/3").shared("table", () -> {
            throw new IOException("cannot read stage 2");
        })).isInstanceOf(IOException.class).hasMessage("cannot read stage 2");
        assertThat(task("/q/3").shared("table", () -> "second try")).isEqualTo("second try");
        StageSideInputs.release(new Path("/q/3"));
    }
}
