package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import org.apache.hive.service.rpc.thrift.TCLIService;
import org.apache.hive.service.rpc.thrift.TCloseSessionReq;
import org.apache.hive.service.rpc.thrift.TExecuteStatementReq;
import org.apache.hive.service.rpc.thrift.TExecuteStatementResp;
import org.apache.hive.service.rpc.thrift.TFetchOrientation;
import org.apache.hive.service.rpc.thrift.TFetchResultsReq;
import org.apache.hive.service.rpc.thrift.TGetOperationStatusReq;
import org.apache.hive.service.rpc.thrift.TGetOperationStatusResp;
import org.apache.hive.service.rpc.thrift.TJobExecutionStatus;
import org.apache.hive.service.rpc.thrift.TOpenSessionReq;
import org.apache.hive.service.rpc.thrift.TOpenSessionResp;
import org.apache.hive.service.rpc.thrift.TOperationState;
import org.apache.hive.service.rpc.thrift.TProgressUpdateResp;
import org.apache.hive.service.rpc.thrift.TRowSet;
import org.apache.hive.service.rpc.thrift.TStatusCode;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSaslClientTransport;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The HiveServer2 endpoint under what a BI tool or beeline asks of it: progress updates of a running
 * statement (through the generated Thrift client), a million rows streamed to Hive's driver in a
 * 128 MB JVM, and sixteen Hive-driver connections at once.
 */
@Timeout(180)
class Hs2WorkloadIT {
    /** 1000 rows: k = 1, v = 0..999. */
    private static final String TABLE = "wl_1k";
    private static Hs2TestServer hs2;

    @BeforeAll
    static void start() throws Exception {
        hs2 = Hs2TestServer.start(4, 32);
        StringBuilder rows = new StringBuilder();
        for (int v = 0; v < 1000; v++) {
            rows.append("1|").append(v).append('\n');
        }
        Path data = Files.writeString(hs2.dir.resolve("wl.txt"), rows);
        hs2.execute("DROP TABLE IF EXISTS " + TABLE,
                "CREATE TABLE " + TABLE + " (k INT, v INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'",
                "LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE " + TABLE);
    }

    /** A transaction on chunk {@code index}'s node holding an exclusive lock of its table: reads of it wait. */
    private static Connection lockChunk(int index) throws Exception {
        var catalog = hs2.engine.catalog();
        var chunk = catalog.table(TABLE).chunks().stream().filter(c -> c.index() == index).findFirst().orElseThrow();
        Connection c = hs2.engine.pools().connect(catalog.node(chunk.primary()));
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("LOCK TABLE " + chunk.qualifiedName() + " IN ACCESS EXCLUSIVE MODE");
        }
        return c;
    }

    @AfterAll
    static void stop() {
        if (hs2 != null) {
            hs2.close();
        }
    }

    @Test
    void aRunningStatementReportsItsStagesProgressWhenAsked() throws Exception {
        TTransport transport = new TSaslClientTransport("PLAIN", null, "hive", "127.0.0.1", Map.of(), callbacks -> {
            for (var callback : callbacks) {
                if (callback instanceof NameCallback name) {
                    name.setName(Hs2TestServer.USER);
                } else if (callback instanceof PasswordCallback password) {
                    password.setPassword(Hs2TestServer.PASSWORD.toCharArray());
                }
            }
        }, new TSocket("127.0.0.1", hs2.server.port()));
        transport.open();
        try {
            TCLIService.Client client = new TCLIService.Client(new TBinaryProtocol(transport));
            TOpenSessionResp session = client.OpenSession(new TOpenSessionReq(Hs2Service.PROTOCOL));
            assertThat(session.getStatus().getStatusCode()).isEqualTo(TStatusCode.SUCCESS_STATUS);
            // joined on v, not the table's distribution: the join and the aggregate run as stages
            TExecuteStatementReq execute = new TExecuteStatementReq(session.getSessionHandle(),
                    "SELECT a.k, COUNT(*) AS n, SUM(b.v) AS total FROM " + TABLE + " a JOIN " + TABLE
                            + " b ON a.v = b.v GROUP BY a.k ORDER BY a.k");
            execute.setRunAsync(true);
            List<TProgressUpdateResp> updates = new ArrayList<>();
            TGetOperationStatusResp status;
            TExecuteStatementResp started;
            TGetOperationStatusReq withProgress;
            // the statement waits on a lock of one chunk (not the first, whose plan sizes the stages) until the
            // test has seen its stages running: the updates while it runs do not depend on how fast it is
            try (Connection lock = lockChunk(1)) {
                started = client.ExecuteStatement(execute);
                assertThat(started.getStatus().getStatusCode()).as(started.getStatus().toString()).isEqualTo(TStatusCode.SUCCESS_STATUS);
                TGetOperationStatusReq plain = new TGetOperationStatusReq(started.getOperationHandle());
                assertThat(client.GetOperationStatus(plain).isSetProgressUpdateResponse()).as("progress only when asked").isFalse();
                withProgress = new TGetOperationStatusReq(started.getOperationHandle());
                withProgress.setGetProgressUpdate(true);
                do {
                    status = client.GetOperationStatus(withProgress);
                    assertThat(status.isSetProgressUpdateResponse()).isTrue();
                    updates.add(status.getProgressUpdateResponse());
                    assertThat(status.getOperationState()).as(status.toString()).isIn(TOperationState.INITIALIZED_STATE,
                            TOperationState.PENDING_STATE, TOperationState.RUNNING_STATE);
                } while (status.getProgressUpdateResponse().getStatus() != TJobExecutionStatus.IN_PROGRESS
                        || status.getProgressUpdateResponse().getRows().isEmpty());
                lock.commit();
            }
            // the statement runs on: the same request follows it to its end
            do {
                status = client.GetOperationStatus(withProgress);
                assertThat(status.isSetProgressUpdateResponse()).isTrue();
                updates.add(status.getProgressUpdateResponse());
            } while (status.getOperationState() == TOperationState.INITIALIZED_STATE
                    || status.getOperationState() == TOperationState.PENDING_STATE
                    || status.getOperationState() == TOperationState.RUNNING_STATE);
            assertThat(status.getOperationState()).as(status.toString()).isEqualTo(TOperationState.FINISHED_STATE);

            TProgressUpdateResp last = updates.get(updates.size() - 1);
            assertThat(last.getStatus()).isEqualTo(TJobExecutionStatus.COMPLETE);
            assertThat(last.getProgressedPercentage()).isEqualTo(1.0);
            assertThat(last.getHeaderNames()).hasSize(9).startsWith("STAGES", "MODE", "STATUS", "MAP", "REDUCE");
            assertThat(last.getRows()).hasSizeGreaterThanOrEqualTo(2)
                    .allSatisfy(row -> assertThat(row).hasSize(9).element(2).isEqualTo("SUCCEEDED"));
            int stages = last.getRows().size();
            assertThat(last.getFooterSummary()).isEqualTo(String.format("STAGES: %02d/%02d", stages, stages));
            assertThat(last.getStartTime()).isPositive().isLessThanOrEqualTo(System.currentTimeMillis());
            // while it ran, the stages showed up with growing progress
            List<TProgressUpdateResp> running = updates.stream().filter(u -> u.getStatus() == TJobExecutionStatus.IN_PROGRESS).toList();
            assertThat(running).as("updates while the stages ran").isNotEmpty()
                    .allSatisfy(u -> assertThat(u.getRows()).hasSize(stages));
            for (int i = 1; i < updates.size(); i++) {
                assertThat(updates.get(i).getProgressedPercentage()).isGreaterThanOrEqualTo(updates.get(i - 1).getProgressedPercentage());
            }

            TFetchResultsReq fetch = new TFetchResultsReq(started.getOperationHandle(), TFetchOrientation.FETCH_NEXT, 10);
            TRowSet rows = client.FetchResults(fetch).getResults();
            assertThat(rows.getColumns().get(0).getI32Val().getValues()).containsExactly(1);
            assertThat(rows.getColumns().get(1).getI64Val().getValues()).containsExactly(1000L);
            assertThat(rows.getColumns().get(2).getI64Val().getValues()).containsExactly(499_500L);
            client.CloseSession(new TCloseSessionReq(session.getSessionHandle()));
        } finally {
            transport.close();
        }
    }

    @Test
    void aMillionRowsStreamToHiveDriversInA128MegabyteJvm() throws Exception {
        // 1000 x 1000 rows of about 100 characters each: holding them all takes far more than 128 MB
        String padding = "x".repeat(80);
        String query = "SELECT a.v * 1000 + b.v AS n, CONCAT('row-', CAST(a.v AS STRING), '-', CAST(b.v AS STRING), '-', '"
                + padding + "') AS label FROM " + TABLE + " a JOIN " + TABLE + " b ON a.k = b.k";
        Path testClasses = Path.of(StreamingClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ChildJvm.Result r = ChildJvm.run(List.of(testClasses, ChildJvm.hiveJdbcJar()), List.of("-Xmx128m"),
                StreamingClient.class.getName(),
                List.of(hs2.server.jdbcUrl(), Hs2TestServer.USER, Hs2TestServer.PASSWORD, "5000", query), Duration.ofMinutes(2));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        // "row-" a "-" b "-" padding: the digits of 0..999 are 2890, each value of a and b comes 1000 times
        long chars = 1_000_000L * (4 + 1 + 1 + padding.length()) + 2 * 1000L * 2890;
        assertThat(r.stdout()).as(r.toString()).contains("rows=1000000 sum=499999500000 chars=" + chars + " ");
        long maxHeap = Long.parseLong(r.stdout().replaceAll("(?s).*maxHeap=(\\d+).*", "$1"));
        assertThat(maxHeap).isLessThanOrEqualTo(128L * 1024 * 1024);
    }

    @Test
    void sixteenConnectionsRunAMixOfStatementsWithoutAnError() throws Exception {
        int clients = 16;
        int iterations = 4;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        Queue<Throwable> errors = new ConcurrentLinkedQueue<>();
        AtomicInteger checked = new AtomicInteger();
        CountDownLatch connected = new CountDownLatch(clients);
        List<Future<?>> runs = new ArrayList<>();
        try {
            for (int c = 0; c < clients; c++) {
                int client = c;
                runs.add(pool.submit(() -> {
                    try (Connection conn = hs2.connect(); Statement s = conn.createStatement()) {
                        connected.countDown();
                        // all at once: every client connected before any runs a statement
                        connected.await(60, TimeUnit.SECONDS);
                        for (int i = 0; i < iterations; i++) {
                            runMix(conn, s, (client * 37 + i * 101) % 1000, checked);
                        }
                    } catch (Throwable e) {
                        errors.add(e);
                    }
                    return null;
                }));
            }
            for (Future<?> run : runs) {
                run.get(150, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(errors).isEmpty();
        assertThat(checked.get()).isEqualTo(clients * iterations * 4);
    }

    /** Four statements of different kinds, each answer checked. */
    private static void runMix(Connection conn, Statement s, int v, AtomicInteger checked) throws Exception {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(v) FROM " + TABLE)) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(1000);
            assertThat(rs.getLong(2)).isEqualTo(499_500);
            assertThat(rs.next()).isFalse();
        }
        checked.incrementAndGet();
        try (ResultSet rs = s.executeQuery("SELECT k, v FROM " + TABLE + " WHERE v = " + v)) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(1);
            assertThat(rs.getInt(2)).isEqualTo(v);
            assertThat(rs.next()).isFalse();
        }
        checked.incrementAndGet();
        try (ResultSet rs = s.executeQuery("SELECT k, COUNT(*) AS n FROM " + TABLE + " WHERE v < " + v + " GROUP BY k")) {
            if (v > 0) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
                assertThat(rs.getLong(2)).isEqualTo(v);
            }
            assertThat(rs.next()).isFalse();
        }
        checked.incrementAndGet();
        try (ResultSet rs = conn.getMetaData().getColumns(null, "default", TABLE, "%")) {
            List<String> columns = new ArrayList<>();
            while (rs.next()) {
                columns.add(rs.getString("COLUMN_NAME"));
            }
            assertThat(columns).containsExactly("k", "v");
        }
        checked.incrementAndGet();
    }
}
