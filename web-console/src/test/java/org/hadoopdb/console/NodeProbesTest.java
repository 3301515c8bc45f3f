package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.hadoopdb.catalog.model.NodeInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A node that does not answer is shown as unreachable in time, and the page never waits on it longer. */
class NodeProbesTest {
    private static NodeInfo node(String id, int port) {
        return new NodeInfo(id, "127.0.0.1", "jdbc:postgresql://127.0.0.1:" + port + "/hadoopdb", "hadoopdb", null, false);
    }

    @Test
    @Timeout(10)
    void aNodeThatHangsIsUnreachableAfterTheTimeoutAndIsNotAskedTwiceAtOnce() {
        CountDownLatch never = new CountDownLatch(1);
        AtomicInteger asked = new AtomicInteger();
        try (NodeProbes probes = new NodeProbes(n -> {
            asked.incrementAndGet();
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new SQLException("interrupted");
        }, Duration.ofMillis(300))) {
            long started = System.nanoTime();
            List<NodeProbes.Status> first = probes.probe(List.of(node("n1", 1), node("n2", 2)));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("both waited for together").isLessThan(Duration.ofSeconds(2));
            assertThat(first).hasSize(2).allSatisfy(s -> {
                assertThat(s.up()).isFalse();
                assertThat(s.problem()).isEqualTo("no answer within 300 ms");
                assertThat(s.version()).isNull();
            });
            probes.probe(List.of(node("n1", 1), node("n2", 2)));
            assertThat(asked).as("the unanswered questions are waited on again, not asked again").hasValue(2);
        }
    }

    @Test
    @Timeout(10)
    void aNodeThatRefusesIsUnreachableWithTheReason() {
        try (NodeProbes probes = new NodeProbes(n -> {
            throw new SQLException("Connection to 127.0.0.1:1 refused");
        }, Duration.ofSeconds(2))) {
            NodeProbes.Status s = probes.probe(List.of(node("n1", 1))).get(0);
            assertThat(s.up()).isFalse();
            assertThat(s.problem()).contains("refused");
            assertThat(s.connections()).isEqualTo(-1);
        }
    }

    @Test
    void sizesAndVersionsAreShortForPeople() {
        assertThat(Html.bytes(512)).isEqualTo("512 B");
        assertThat(Html.bytes(7_969_304)).isEqualTo("7.6 MiB");
        assertThat(ClusterPage.shortVersion("PostgreSQL 16.4 on x86_64-pc-linux-gnu, compiled by gcc")).isEqualTo("PostgreSQL 16.4");
        assertThat(ClusterPage.shortVersion("PostgreSQL 16.4, compiled by Visual C++")).isEqualTo("PostgreSQL 16.4");
    }
}
