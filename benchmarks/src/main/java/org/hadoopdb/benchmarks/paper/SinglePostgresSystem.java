package org.hadoopdb.benchmarks.paper;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.datagen.PavloTable;
import org.postgresql.PGConnection;

/**
 * One PostgreSQL holding all the data with the same indexes, in schema {@code bench_single} of the
 * first node's database: what a user without HadoopDB would try first.
 */
final class SinglePostgresSystem implements BenchSystem, AutoCloseable {
    private static final String SCHEMA = "bench_single";
    private final BenchContext ctx;
    private final NodeInfo node;

    SinglePostgresSystem(BenchContext ctx) {
        this.ctx = ctx;
        this.node = ctx.engine().catalog().nodes().get(0);
    }

    @Override
    public String name() {
        return Systems.SINGLE_PG;
    }

    /** Creates the schema afresh; nothing is loaded yet. */
    void reset() throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            st.execute("CREATE SCHEMA " + SCHEMA);
        }
    }

    /** Loads one table with COPY, builds the index the paper's layout has and analyzes it; returns seconds. */
    double load(PavloTable table) throws SQLException, IOException {
        long start = System.nanoTime();
        try (Connection c = connect(); Statement st = c.createStatement()) {
            switch (table) {
                case RANKINGS -> {
                    st.execute("CREATE TABLE " + SCHEMA + ".rankings (pagerank int, pageurl text, avgduration int)");
                    copy(c, "rankings", table, "FORMAT text, DELIMITER '|'");
                    st.execute("CREATE INDEX ON " + SCHEMA + ".rankings (pagerank)");
                }
                case USERVISITS -> {
                    st.execute("CREATE TABLE " + SCHEMA + ".uservisits (sourceip text, desturl text, visitdate date, adrevenue float8, "
                            + "useragent text, countrycode text, languagecode text, searchword text, duration int)");
                    copy(c, "uservisits", table, "FORMAT text, DELIMITER '|'");
                    st.execute("CREATE INDEX ON " + SCHEMA + ".uservisits (visitdate)");
                }
                case GREP -> {
                    st.execute("CREATE TABLE " + SCHEMA + ".grep (record text)");
                    copy(c, "grep", table, "FORMAT csv, DELIMITER E'\\001', QUOTE E'\\002'");
                }
                case DOCUMENTS -> {
                    st.execute("CREATE TABLE " + SCHEMA + ".documents (url text, contents text)");
                    copy(c, "documents", table, "FORMAT text, DELIMITER '|'");
                }
            }
            st.execute("ANALYZE " + SCHEMA + "." + table.directoryName());
        }
        return (System.nanoTime() - start) / 1e9;
    }

    @Override
    public Answer run(PaperTask task) throws SQLException {
        String sql = task == PaperTask.UDF
                ? "SELECT m[1], count(*) FROM documents, LATERAL regexp_matches(contents, '" + PaperTask.LINK_REGEX + "', 'gi') AS m "
                + "GROUP BY m[1]"
                : task.sql(ctx.selectionThreshold());
        Answer answer = new Answer(task);
        try (Connection c = connect()) {
            c.setAutoCommit(false); // a cursor: the result streams
            try (Statement st = c.createStatement()) {
                st.execute("SET LOCAL search_path TO " + SCHEMA + ", pg_catalog");
                st.setFetchSize(10_000);
                int n = task.columns().size();
                Object[] values = new Object[n];
                try (ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        for (int i = 0; i < n; i++) {
                            values[i] = rs.getObject(i + 1);
                        }
                        answer.add(values);
                    }
                }
            }
            c.rollback();
        }
        return answer;
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        }
    }

    private Connection connect() throws SQLException {
        return ctx.engine().pools().connect(node);
    }

    private void copy(Connection c, String name, PavloTable table, String options) throws SQLException, IOException {
        Path dir = ctx.data().files(table);
        try (Stream<Path> parts = Files.list(dir)) {
            for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
                try (Reader in = Files.newBufferedReader(p)) {
                    c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + SCHEMA + "." + name + " FROM STDIN WITH (" + options + ")", in);
                }
            }
        }
    }
}
