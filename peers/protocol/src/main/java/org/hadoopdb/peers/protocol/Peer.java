package org.hadoopdb.peers.protocol;

import java.util.List;

/**
 * A peer system as its runner implements it, inside the peer's own JVM (see {@link PeerServer}). A peer may
 * keep data in variants (for example {@code text}: SQL over the text files as they are, {@code parquet}: a copy
 * the peer wrote in its own format); a query names the variant it reads, and the peer resolves the task's
 * table names in that variant (a database or schema per variant is the usual way).
 */
public interface Peer extends AutoCloseable {
    /** The variants this peer offers, the first being its default. */
    List<String> variants();

    /**
     * Makes a table's text files known to the peer (an external table, a view over the files). Not timed: it
     * should be cheap and must not read the data.
     */
    void define(PeerTable table) throws Exception;

    /**
     * Prepares the table for queries on the variant: nothing for SQL over text, the conversion into the peer's
     * own storage otherwise (the timed load). Called once per table and variant, after {@link #define}.
     */
    void load(String table, String variant) throws Exception;

    /**
     * Runs one query on the variant and hands every row to {@code out}, in the peer's order; values as text
     * (numbers as the peer prints them, dates {@code yyyy-MM-dd}), null as null. Timed with the rows written.
     */
    void query(String variant, String sql, ResultWriter out) throws Exception;

    @Override
    void close() throws Exception;
}
