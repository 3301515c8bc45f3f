package org.hadoopdb.loader.physical;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.loader.LoaderException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One writer of a table at a time: a second one waits for the first (or fails at once without a wait). */
class LoadLockTest {
    @TempDir
    Path dir;

    private org.apache.hadoop.fs.Path catalog() {
        return new org.apache.hadoop.fs.Path(dir.toUri());
    }

    @Test
    void aSecondWriterWaitsForTheFirstAndThenTakesTheLock() throws Exception {
        Configuration conf = new Configuration();
        CountDownLatch waiting = new CountDownLatch(1);
        StringBuilder told = new StringBuilder();
        CompletableFuture<String> second;
        try (LoadLock first = LoadLock.acquire(catalog(), conf, "t", "l1", "load", Duration.ofMinutes(5))) {
            second = CompletableFuture.supplyAsync(() -> {
                try (LoadLock lock = LoadLock.acquire(catalog(), conf, "t", "l2", "load", Duration.ofMinutes(5), Duration.ofMinutes(5),
                        message -> {
                            told.append(message);
                            waiting.countDown();
                        })) {
                    return lock.loadId();
                }
            });
            assertThat(waiting.await(1, TimeUnit.MINUTES)).isTrue();
            assertThat(second).isNotDone();
            assertThat(told.toString()).contains("Waiting for table 't'").contains("load l1");
        }
        assertThat(second.get(1, TimeUnit.MINUTES)).isEqualTo("l2");
    }

    @Test
    void withoutAWaitASecondWriterFailsNamingTheFirst() {
        Configuration conf = new Configuration();
        try (LoadLock first = LoadLock.acquire(catalog(), conf, "t", "l1", "load", Duration.ofMinutes(5))) {
            assertThatThrownBy(() -> LoadLock.acquire(catalog(), conf, "t", "l2", "drop", Duration.ofMinutes(5)))
                    .isInstanceOf(LoaderException.class).hasMessageContaining("Table 't' is busy: load l1");
        }
    }
}
