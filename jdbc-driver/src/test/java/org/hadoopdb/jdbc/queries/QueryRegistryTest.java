package org.hadoopdb.jdbc.queries;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertThat(r.info(a.id())).isEmpty();
        assertThat(r.info(b.id()).orElseThrow().sqlState()).isEqualTo("42000");
        assertThat(r.find(b.id())).as("only running statements can be cancelled").isEmpty();
        assertThat(r.find(d.id())).containsSame(d);
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
    void finishedStatementsOutliveARestartInTheHistoryFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run").resolve("query-history.jsonl");
        QueryRegistry before = new QueryRegistry(3, new QueryHistoryFile(file, 3));
        for (int i = 1; i <= 8; i++) {
            QueryRecord q = before.start("alice", QueryRegistry.HIVESERVER2, "127.0.0.1", "query", "SELECT " + i + " -- \"quoted\"\n");
            q.running();
            q.progress(1, 1, "job_" + i, 1f, 1f);
            if (i % 2 == 0) {
                q.failed("Table 't" + i + "' not found", "42000");
            } else {
                q.finished();
            }
        }
        assertThat(Files.readAllLines(file)).as("rewritten past twice the history").hasSizeLessThanOrEqualTo(6);
        Files.writeString(file, "{not json\n", StandardOpenOption.APPEND); // a crash in the middle of an append

        QueryRegistry after = new QueryRegistry(3, new QueryHistoryFile(file, 3));
        assertThat(after.recent()).usingRecursiveFieldByFieldElementComparator().containsExactlyElementsOf(before.recent());
        assertThat(after.recent()).extracting(QueryInfo::text).containsExactly("SELECT 8 -- \"quoted\"\n",
                "SELECT 7 -- \"quoted\"\n", "SELECT 6 -- \"quoted\"\n");
        assertThat(after.info(8).orElseThrow().error()).isEqualTo("Table 't8' not found");
        assertThat(after.find(8)).as("a statement of an earlier run cannot be cancelled").isEmpty();
        QueryRecord next = after.start("bob", QueryRegistry.JDBC, null, "query", "SELECT 9");
        assertThat(next.id()).as("ids go on after the restart").isEqualTo(9);
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
