package org.hadoopdb.connector.chunk;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.pool.IdleSessions;
import org.hadoopdb.connector.row.ResultSchemas;
import org.hadoopdb.connector.row.ResultSetRowReader;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;

/**
 * Streams the rows of one chunk's statement from one copy: a transaction with the chunk's tables
 * bound by {@code search_path}, a forward-only server-side cursor fetching
 * {@code hadoopdb.connector.fetch-size} rows at a time, never the whole chunk in memory.
 *
 * <pre>{@code
 * try (ChunkReader reader = ChunkReader.open(split, 0, settings, credentials)) {
 *     Row row = new Row(split.schema());
 *     while (reader.next(row)) { ... }
 * }
 * }</pre>
 */
public final class ChunkReader implements AutoCloseable {
    private final ChunkSplit split;
    private final ChunkCopy copy;
    private final Connection connection;
    private final Statement statement;
    private final ResultSet results;
    private final ResultSetRowReader rows;
    private final ChunkStatementCancel cancel;
    /** A row could not be read: the session's state is unknown, so it is not reused. */
    private boolean failed;

    private ChunkReader(ChunkSplit split, ChunkCopy copy, Connection connection, Statement statement, ResultSet results,
                        ChunkStatementCancel cancel) {
        this.cancel = cancel;
        this.split = split;
        this.copy = copy;
        this.connection = connection;
        this.statement = statement;
        this.results = results;
        this.rows = new ResultSetRowReader(split.schema(), results);
    }

    /**
     * Opens copy {@code copyIndex} (modulo the number of copies) of the split's chunk and starts the statement.
     *
     * @throws ChunkReadException when the node cannot be reached or the statement fails, naming the chunk
     *                            and the node; {@link ChunkReadException#nodeFailure()} tells which
     */
    public static ChunkReader open(ChunkSplit split, int copyIndex, ChunkReadSettings settings, CredentialResolver credentials) {
        return open(split, copyIndex, settings, credentials, new ChunkStatementCancel());
    }

    /**
     * As {@link #open(ChunkSplit, int, ChunkReadSettings, CredentialResolver)}, with the statement
     * stoppable from another thread through {@code cancel} until the reader is closed.
     */
    public static ChunkReader open(ChunkSplit split, int copyIndex, ChunkReadSettings settings, CredentialResolver credentials,
                                   ChunkStatementCancel cancel) {
        ChunkCopy copy = split.copies().get(Math.floorMod(copyIndex, split.copies().size()));
        Connection c = connect(split, copy, settings, credentials);
        Statement st = null;
        try {
            bind(c, split, copy, settings);
            st = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            st.setFetchSize(settings.fetchSize());
            cancel.starting(st);
            ResultSet rs = st.executeQuery(split.sql());
            return new ChunkReader(split, copy, c, st, rs, cancel);
        } catch (SQLException e) {
            cancel.ended(st);
            finish(st, c, copy, false);
            throw ChunkReadException.of(split, copy, e);
        } catch (RuntimeException e) {
            cancel.ended(st);
            finish(st, c, copy, false);
            throw e;
        }
    }

    /**
     * The rows the split's statement returns, from its metadata, without running it: checks the
     * declared schema (or derives one when the split has none).
     */
    public static RowSchema describe(ChunkSplit split, int copyIndex, ChunkReadSettings settings, CredentialResolver credentials) {
        ChunkCopy copy = split.copies().get(Math.floorMod(copyIndex, split.copies().size()));
        Connection c = connect(split, copy, settings, credentials);
        boolean reusable = false;
        try {
            bind(c, split, copy, settings);
            try (PreparedStatement ps = c.prepareStatement(split.sql())) {
                ResultSetMetaData md = ps.getMetaData();
                if (md == null) {
                    throw new ConnectorException("The chunk statement returns no rows (it is not a query): " + split.sql());
                }
                if (split.schema() != null) {
                    ResultSchemas.check(split.schema(), md);
                    reusable = true;
                    return split.schema();
                }
                RowSchema derived = ResultSchemas.derive(md);
                reusable = true;
                return derived;
            }
        } catch (SQLException e) {
            throw ChunkReadException.of(split, copy, e);
        } finally {
            finish(null, c, copy, reusable);
        }
    }

    /**
     * PostgreSQL's estimate of the split's result on one copy (its planner, with the chunk's real
     * statistics), from {@code EXPLAIN}, without running the statement.
     */
    public static ChunkEstimate estimate(ChunkSplit split, int copyIndex, ChunkReadSettings settings, CredentialResolver credentials) {
        ChunkCopy copy = split.copies().get(Math.floorMod(copyIndex, split.copies().size()));
        Connection c = connect(split, copy, settings, credentials);
        boolean reusable = false;
        try {
            bind(c, split, copy, settings);
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN (VERBOSE, FORMAT JSON) " + split.sql())) {
                rs.next();
                ChunkEstimate estimate = ChunkEstimate.of(
                        new com.fasterxml.jackson.databind.ObjectMapper().readTree(rs.getString(1)).get(0).get("Plan"));
                reusable = true;
                return estimate;
            }
        } catch (SQLException e) {
            throw ChunkReadException.of(split, copy, e);
        } catch (java.io.IOException | RuntimeException e) {
            throw new ConnectorException("Cannot read PostgreSQL's estimate for " + split + ": " + e.getMessage(), e);
        } finally {
            finish(null, c, copy, reusable);
        }
    }

    /** Fills {@code row} with the next row; false at the end of the chunk. */
    public boolean next(Row row) {
        try {
            return rows.next(row);
        } catch (RuntimeException e) {
            failed = true;
            throw next(e);
        }
    }

    /** A failed row read as the caller sees it: an SQL error names the chunk and the node. */
    private RuntimeException next(RuntimeException e) {
        if (e instanceof ConnectorException && e.getCause() instanceof SQLException sql) {
            return ChunkReadException.of(split, copy, sql);
        }
        return e;
    }

    public long rowsRead() {
        return rows.rowsRead();
    }

    /** The copy being read. */
    public ChunkCopy copy() {
        return copy;
    }

    /**
     * Ends the read. The session goes back to this process's idle ones ({@link IdleSessions}) when the
     * read ended cleanly and was never cancelled; otherwise it is closed.
     */
    @Override
    public void close() {
        cancel.ended(statement);
        boolean reusable = !failed && !cancel.cancelled();
        try {
            results.close();
        } catch (SQLException e) {
            reusable = false; // a broken session may not close its cursor; it is closed below
        }
        finish(statement, connection, copy, reusable);
    }

    private static Connection connect(ChunkSplit split, ChunkCopy copy, ChunkReadSettings settings, CredentialResolver credentials) {
        try {
            Connection c = NodeConnections.open(copy.node(), settings, credentials);
            c.setAutoCommit(false);
            return c;
        } catch (SQLException e) {
            throw ChunkReadException.of(split, copy, e);
        }
    }

    /** Binds the logical table names to this copy's tables and applies the session settings, for this transaction. */
    private static void bind(Connection c, ChunkSplit split, ChunkCopy copy, ChunkReadSettings settings) throws SQLException {
        try (Statement st = c.createStatement()) {
            if (split.emptyTables().isEmpty()) {
                // a chunk statement only reads; temporary stand-ins for never-loaded tables need a writable transaction
                st.execute("SET TRANSACTION READ ONLY");
            }
            StringBuilder path = new StringBuilder("SET LOCAL search_path TO ");
            for (String schema : copy.searchPath()) {
                path.append(quote(schema)).append(", ");
            }
            st.execute(path.append("pg_catalog").toString());
            if (!settings.statementTimeout().isZero()) {
                st.execute("SET LOCAL statement_timeout = " + settings.statementTimeout().toMillis());
            }
            for (Map.Entry<String, String> e : settings.sessionSettings().entrySet()) {
                st.execute("SET LOCAL " + e.getKey() + " = " + literal(e.getValue()));
            }
            for (Map.Entry<String, String> e : StatementHints.of(split.sql()).entrySet()) {
                st.execute("SET LOCAL " + e.getKey() + " = " + literal(e.getValue()));
            }
            List<ChunkSplit.EmptyTable> empty = split.emptyTables();
            if (!empty.isEmpty()) {
                // never-loaded tables exist for this transaction only, empty, in pg_temp (searched first)
                for (ChunkSplit.EmptyTable t : empty) {
                    st.execute("CREATE TEMPORARY TABLE " + quote(t.name()) + " (" + t.columns() + ") ON COMMIT DROP");
                }
            }
        }
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** Closes the statement and hands the session back for reuse, or closes it. */
    private static void finish(Statement st, Connection c, ChunkCopy copy, boolean reusable) {
        try {
            if (st != null) {
                st.close();
            }
        } catch (SQLException e) {
            reusable = false;
        }
        NodeConnections.release(copy.node(), c, reusable);
    }
}
