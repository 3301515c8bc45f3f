package org.hadoopdb.loader.local;

import java.sql.Connection;
import java.sql.SQLException;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.loader.physical.ChunkSql;
import org.hadoopdb.loader.physical.SchemaTag;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One chunk copy being loaded: its own connection and transaction, in which the staging table is
 * created, (when appending) given the previous generation's rows, and filled by a streaming
 * {@code COPY ... FROM STDIN}; then indexed and analyzed, and committed last. Rows are buffered and
 * sent in large messages.
 */
final class ChunkWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChunkWriter.class);
    static final int BUFFER = 256 * 1024;
    /** Binary COPY's signature, flags (none) and header extension length (none). */
    private static final byte[] BINARY_HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0};
    /** A field count of -1 ends the tuples. */
    private static final byte[] BINARY_TRAILER = {(byte) 0xFF, (byte) 0xFF};

    final int chunk;
    final String schema;
    private final Connection connection;
    private final TableInfo table;
    private CopyIn copy;
    private final byte[] buffer = new byte[BUFFER];
    private int length;
    private long previousRows;
    private long copiedRows;
    private boolean committed;

    ChunkWriter(NodePools pools, NodeInfo node, int chunk, String schema, TableInfo table) {
        this.chunk = chunk;
        this.schema = schema;
        this.table = table;
        this.connection = pools.connect(node);
    }

    /**
     * Creates the staging table (dropping a leftover of an earlier attempt) and copies the previous rows in,
     * but for those of the {@code replaced} partitions.
     */
    void create(SchemaTag tag, String previousSchema, java.util.List<org.hadoopdb.catalog.model.PartitionInfo> replaced)
            throws SQLException {
        connection.setAutoCommit(false);
        try (java.sql.Statement st = connection.createStatement()) {
            // HadoopDB's parallelism is one task per node and chunk; parallel index workers would oversubscribe
            st.execute("SET LOCAL max_parallel_maintenance_workers = 0");
        }
        ChunkSql.createTable(connection, schema, table, tag);
        if (previousSchema != null) {
            previousRows = ChunkSql.copyRowsFrom(connection, previousSchema, schema, table, replaced);
        }
    }

    /**
     * Starts the binary COPY and sends its header; {@code FREEZE} because the table is new in this transaction
     * (no later VACUUM needed to freeze it).
     */
    void startCopy() throws SQLException {
        copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(ChunkSql.copyIn(schema, table, "FORMAT binary, FREEZE"));
        write(BINARY_HEADER, 0, BINARY_HEADER.length);
    }

    /** Appends binary COPY tuples (whole tuples: the Global Hasher's files). */
    void write(byte[] b, int off, int len) throws SQLException {
        if (len >= BUFFER) {
            flush();
            copy.writeToCopy(b, off, len);
            return;
        }
        if (length + len > BUFFER) {
            flush();
        }
        System.arraycopy(b, off, buffer, length, len);
        length += len;
    }

    void flush() throws SQLException {
        if (length > 0) {
            copy.writeToCopy(buffer, 0, length);
            length = 0;
        }
    }

    /** Sends the binary COPY trailer and ends the COPY; returns the rows it added. */
    long endCopy() throws SQLException {
        write(BINARY_TRAILER, 0, BINARY_TRAILER.length);
        flush();
        copiedRows = copy.endCopy();
        copy = null;
        return copiedRows;
    }

    int backendPid() throws SQLException {
        return connection.unwrap(PGConnection.class).getBackendPID();
    }

    Connection connection() {
        return connection;
    }

    long previousRows() {
        return previousRows;
    }

    long copiedRows() {
        return copiedRows;
    }

    void commit() throws SQLException {
        connection.commit();
        committed = true;
    }

    /** Rolls back unless committed, and returns the connection to the pool. */
    @Override
    public void close() {
        try {
            if (copy != null && copy.isActive()) {
                copy.cancelCopy();
            }
        } catch (SQLException e) {
            LOG.debug("Cancelling the COPY into {} failed (the connection is probably gone): {}", schema, e.getMessage());
        }
        try {
            if (!committed && !connection.isClosed()) {
                connection.rollback();
            }
        } catch (SQLException e) {
            LOG.debug("Rolling back the load of {} failed (the connection is probably gone): {}", schema, e.getMessage());
        }
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.debug("Closing the connection of {} failed: {}", schema, e.getMessage());
        }
    }
}
