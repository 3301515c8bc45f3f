package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.pool.IdleSessions;
import org.hadoopdb.connector.pool.PoolConnections;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Chunk reads of one process reuse the node sessions earlier reads finished with cleanly, and never
 * one whose read was cancelled or failed (a pending cancel request could stop the next read).
 */
class IdleSessionsIT {
    private static final RowSchema PID = RowSchema.builder().add("pid", "int").build();
    private TestClusters.TestCluster cluster;
    private NodeInfo node;
    private ChunkReadSettings settings;
    private CredentialResolver credentials;

    @BeforeEach
    void start() {
        cluster = TestClusters.shared(1);
        node = cluster.catalog().nodes().get(0);
        settings = ChunkReadSettings.from(cluster.config());
        credentials = new CredentialResolver(cluster.config().hadoopConf());
        IdleSessions.closeAll();
    }

    @AfterEach
    void closeIdle() {
        IdleSessions.closeAll();
    }

    private ChunkSplit split(String sql) {
        return new ChunkSplit("", 0, sql, PID, List.of(new ChunkCopy(node, List.of())), List.of(), 0, 0);
    }

    /** The backend that ran the read, which reads to the end unless {@code cancel} is set first. */
    private int backend(ChunkStatementCancel cancel, boolean cancelAfterReading) {
        try (ChunkReader reader = ChunkReader.open(split("SELECT pg_backend_pid()"), 0, settings, credentials, cancel)) {
            Row row = new Row(PID);
            assertThat(reader.next(row)).isTrue();
            if (cancelAfterReading) {
                cancel.cancel();
            }
            return row.getInt(0);
        }
    }

    @Test
    void aCleanReadsSessionServesTheNextRead() {
        int first = backend(new ChunkStatementCancel(), false);
        assertThat(IdleSessions.idleCount()).isEqualTo(1);
        assertThat(backend(new ChunkStatementCancel(), false)).isEqualTo(first);
        // estimates and schema probes take and give back the same way
        ChunkReader.estimate(split("SELECT 1::int"), 0, settings, credentials);
        assertThat(backend(new ChunkStatementCancel(), false)).isEqualTo(first);
    }

    @Test
    void theSessionsInUseAndIdleAreCountedPerNode() {
        PoolConnections.Count none = new PoolConnections.Count(0, 0);
        assertThat(IdleSessions.counts().getOrDefault(node.id(), none)).isEqualTo(none);
        try (ChunkReader reader = ChunkReader.open(split("SELECT pg_backend_pid()"), 0, settings, credentials)) {
            assertThat(IdleSessions.counts()).containsEntry(node.id(), new PoolConnections.Count(1, 0));
            try (ChunkReader second = ChunkReader.open(split("SELECT pg_backend_pid()"), 0, settings, credentials)) {
                assertThat(IdleSessions.counts()).containsEntry(node.id(), new PoolConnections.Count(2, 0));
            }
            assertThat(IdleSessions.counts()).containsEntry(node.id(), new PoolConnections.Count(1, 1));
        }
        assertThat(IdleSessions.counts()).containsEntry(node.id(), new PoolConnections.Count(0, 2));
        // a failed read takes an idle session and closes it: nothing stays in use
        assertThatThrownBy(() -> ChunkReader.open(split("SELECT 1 / 0"), 0, settings, credentials))
                .isInstanceOf(ChunkReadException.class);
        assertThat(IdleSessions.counts()).containsEntry(node.id(), new PoolConnections.Count(0, 1));
        assertThat(PoolConnections.now(null)).contains(new PoolConnections.Node(node.id(), PoolConnections.CHUNK_READS, 0, 1));
    }

    @Test
    void aCancelledReadsSessionIsClosed() {
        int cancelled = backend(new ChunkStatementCancel(), true);
        assertThat(IdleSessions.idleCount()).isZero();
        assertThat(backend(new ChunkStatementCancel(), false)).isNotEqualTo(cancelled);
    }

    @Test
    void aFailedReadsSessionIsClosedAndTheNextReadGetsAGoodOne() {
        int first = backend(new ChunkStatementCancel(), false);
        assertThatThrownBy(() -> ChunkReader.open(split("SELECT 1 / 0"), 0, settings, credentials))
                .isInstanceOf(ChunkReadException.class).hasMessageContaining("division by zero");
        assertThat(IdleSessions.idleCount()).isZero(); // the failed read had taken the idle session, and closed it
        int next = backend(new ChunkStatementCancel(), false);
        assertThat(next).isNotEqualTo(first);
        // a session someone else ended (a node restart, an administrator) is not handed out
        try (var c = TestClusters.connect(node); var st = c.createStatement();
             var rs = st.executeQuery("SELECT pg_terminate_backend(" + next + ", 60000)")) { // returns once it has exited
            assertThat(rs.next() && rs.getBoolean(1)).isTrue();
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
        assertThat(backend(new ChunkStatementCancel(), false)).isNotEqualTo(next);
    }
}
