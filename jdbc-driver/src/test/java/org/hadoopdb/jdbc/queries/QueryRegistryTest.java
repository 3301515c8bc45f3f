package org.hadoopdb.jdbc.queries;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.hadoopdb.runtime.ProgressListener;
import org.hadoopdb.connector.chunk.NodeReads;
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
        assertThat(info.stages()).singleElement().satisfies(s -> {
            assertThat(s.jobId()).isEqualTo("job_1");
            assertThat(s.map()).isEqualTo(1f);
            assertThat(s.reduce()).isEqualTo(0.5f);
            assertThat(s.started()).isNotNull();
            assertThat(s.ended()).as("the stage never ended well").isNull();
        });
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
    void eachStageKeepsWhenItFirstReportedAndWhenItEndedWell() {
        QueryRegistry r = new QueryRegistry(10);
        QueryRecord q = r.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 1");
        assertThat(q.keepsPlan()).as("a registry with a history keeps plans").isTrue();
        q.running();
        q.progress(1, 2, "job_1", 0.1f, 0f);
        Instant firstReport = q.info().stages().get(0).started();
        q.progress(1, 2, "job_1", 1f, 1f);
        q.stageFinished(1, 2, "job_1");
        q.stageFinished(2, 2, ProgressListener.CLIENT_STAGE);
        q.finished();
        List<StageProgress> stages = q.info().stages();
        assertThat(stages).extracting(StageProgress::stage).containsExactly(1, 2);
        assertThat(stages.get(0).started()).isEqualTo(firstReport);
        assertThat(stages.get(0).ended()).isAfterOrEqualTo(firstReport);
        assertThat(stages.get(1).started()).as("a stage that only ended starts then too").isEqualTo(stages.get(1).ended());
        assertThat(stages.get(0).elapsedMillis(null)).isGreaterThanOrEqualTo(0);
        assertThat(new QueryRegistry(0).start(null, QueryRegistry.JDBC, null, "query", "SELECT 1").keepsPlan()).isFalse();
        // the metrics count each stage that ended by where it ran
        assertThat(stages.get(1).inClient()).isTrue();
        assertThat(r.metrics().stages(true)).isEqualTo(1);
        assertThat(r.metrics().stages(false)).isEqualTo(1);
        assertThat(r.metrics().stageSeconds(false)).isGreaterThanOrEqualTo(0);
    }

    @Test
    void aStageThatNeverEndedIsNotCounted() {
        QueryRegistry r = new QueryRegistry(10);
        QueryRecord q = r.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 1");
        q.running();
        q.progress(1, 1, ProgressListener.CLIENT_STAGE, 0f, 0f);
        q.failed("Query cancelled", "HY008");
        assertThat(r.metrics().stages(true)).isZero();
        assertThat(r.metrics().stages(false)).isZero();
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
            q.planned("STAGES\n  Stage 1: map-only\n", List.of(new PushedSql(1, "t", "t",
                    Map.of("node1", List.of(0, 2), "node2", List.of(1)), "SELECT \"k\" FROM \"t\"")));
            q.progress(1, 1, "job_" + i, 1f, 1f);
            q.stageFinished(1, 1, "job_" + i);
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
        QueryInfo eighth = after.info(8).orElseThrow();
        assertThat(eighth.plan()).startsWith("STAGES");
        assertThat(eighth.pushed()).singleElement().satisfies(p -> {
            assertThat(p.chunksByNode()).containsEntry("node1", List.of(0, 2)).containsEntry("node2", List.of(1));
            assertThat(p.chunkCount()).isEqualTo(3);
        });
        assertThat(eighth.stages()).singleElement().satisfies(st -> assertThat(st.ended()).isNotNull());
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

    @Test
    void chunkReadsAndJobsAreCountedPerNodeEvenWhenTheyReportAfterTheStatementEnded() {
        QueryRegistry r = new QueryRegistry(10);
        QueryRecord q = r.start("alice", QueryRegistry.JDBC, null, "query", "SELECT * FROM t");
        q.running();
        q.jobEnded("job_1", 4, 2);
        q.chunksRead(NodeReads.of("node1", 100, 1_000).plus(NodeReads.of("node2", 50, 400)));
        q.chunksRead(NodeReads.of("node1", 10, 90));
        q.finished();
        // a direct read stopped early reports as it stops, after its statement ended
        q.chunksRead(NodeReads.of("node2", 5, 40));
        QueryMetrics m = r.metrics();
        assertThat(m.rowsReadByNode()).containsExactly(Map.entry("node1", 110L), Map.entry("node2", 55L));
        assertThat(m.bytesReadByNode()).containsExactly(Map.entry("node1", 1_090L), Map.entry("node2", 440L));
        assertThat(m.jobs()).isEqualTo(1);
        assertThat(m.tasks(true)).isEqualTo(4);
        assertThat(m.tasks(false)).isEqualTo(2);
    }
}
