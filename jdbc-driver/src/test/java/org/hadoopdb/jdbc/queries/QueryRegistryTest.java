package org.hadoopdb.jdbc.queries;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueryRegistryTest {
    @Test
    void keepsTheRunningAndTheLastFinishedNewestFirst() {
        QueryRegistry r = new QueryRegistry(2);
        QueryRecord a = r.start("alice", QueryRegistry.JDBC, "127.0.0.1", "query", "SELECT 1");
        QueryRecord b = r.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 2");
        QueryRecord c = r.start("bob", QueryRegistry.JDBC, null, "insert", "INSERT INTO t SELECT 3");
        QueryRecord d = r.start("bob", QueryRegistry.JDBC, null, "query", "SELECT 4");
        a.finished();
        b.failed("Table not found: t", "42000");
        c.cancelled("Query cancelled", "HY008");
        assertThat(r.running()).extracting(QueryInfo::id).containsExactly(d.id());
        assertThat(r.recent()).extracting(QueryInfo::id).containsExactly(c.id(), b.id());
        assertThat(r.find(a.id())).isEmpty();
        assertThat(r.find(b.id()).orElseThrow().info().sqlState()).isEqualTo("42000");
        assertThat(r.queued()).isEqualTo(1);
        d.running();
        assertThat(r.queued()).isZero();
        assertThat(r.runningCount()).isEqualTo(1);
    }

    @Test
    void theFirstFinalStateWinsAndIsCountedOnce() {
        QueryRegistry r = new QueryRegistry(10);
        QueryRecord q = r.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 1");
        q.running();
        q.addRows(5);
        q.progress(1, 2, "job_1", 1f, 0.5f);
        q.cancelled("Query cancelled", "HY008");
        q.finished();
        q.failed("late", "HY000");
        QueryInfo info = q.info();
        assertThat(info.state()).isEqualTo(QueryState.CANCELLED);
        assertThat(info.rows()).isEqualTo(5);
        assertThat(info.stages()).containsExactly(new StageProgress(1, 2, "job_1", 1f, 0.5f));
        assertThat(info.ended()).isNotNull();
        QueryMetrics m = r.metrics();
        assertThat(m.startedByKind()).containsEntry("query", 1L);
        assertThat(m.endedByKind(QueryState.CANCELLED)).containsEntry("query", 1L);
        assertThat(m.endedByKind(QueryState.FINISHED)).containsEntry("query", 0L);
        assertThat(m.latencyCount()).isEqualTo(1);
        long[] buckets = m.cumulativeBuckets();
        assertThat(buckets[buckets.length - 1]).isEqualTo(1);
        assertThat(r.recent()).hasSize(1);
    }

    @Test
    void cancelReachesTheStatementOnlyWhileItRuns() {
        QueryRegistry r = new QueryRegistry(10);
        QueryRecord q = r.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 1");
        assertThat(q.cancel()).as("no way to cancel registered yet").isFalse();
        AtomicInteger asked = new AtomicInteger();
        q.cancelWith(asked::incrementAndGet);
        assertThat(q.cancel()).isTrue();
        assertThat(asked).hasValue(1);
        q.finished();
        assertThat(q.cancel()).isFalse();
        assertThat(asked).hasValue(1);
    }

    @Test
    void noHistoryKeepsOnlyTheRunning() {
        QueryRegistry r = new QueryRegistry(0);
        QueryRecord q = r.start(null, QueryRegistry.JDBC, null, "set", "SET a=b");
        assertThat(r.running()).hasSize(1);
        q.finished();
        assertThat(r.running()).isEmpty();
        assertThat(r.recent()).isEmpty();
        assertThat(r.metrics().endedByKind(QueryState.FINISHED)).containsEntry("set", 1L);
    }
}
