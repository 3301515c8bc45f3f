package org.hadoopdb.benchmarks.tpcds;

import io.trino.tpcds.Table;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.postgresql.PGConnection;

/**
 * TPC-DS on HadoopDB and on one PostgreSQL, laid out the same way for the differential test and the
 * benchmark: the seven fact tables hashed on their item key (each sales table co-located with its
 * returns and with inventory), the seventeen dimensions replicated to every node; the single database
 * holds the same rows, its strings in the C collation (HiveQL compares strings by code point).
 */
public final class TpcdsSetup {
    private TpcdsSetup() {
    }

    /**
     * The settings of the reference PostgreSQL's session at {@code scale}. From scale factor 1 it runs without
     * nested loops (q4's and q11's year_total self-joins over materialized CTEs, estimated at a few rows, ran for
     * more than 12 minutes as nested loops), with 256 MB of work memory and a 10-minute bound; smaller scales keep
     * PostgreSQL's defaults.
     */
    public static List<String> referenceSettings(double scale) {
        return scale >= 1 ? List.of("SET enable_nestloop = off", "SET work_mem = '256MB'", "SET statement_timeout = '600s'")
                : List.of();
    }

    /** The tables some of {@code queries} read, in generation order. */
    public static Set<String> tablesOf(Collection<String> queries) {
        Set<String> tables = new LinkedHashSet<>();
        for (Table t : TpcdsData.tables()) {
            Pattern name = Pattern.compile("\\b" + t.getName() + "\\b");
            if (queries.stream().anyMatch(q -> name.matcher(q).find())) {
                tables.add(t.getName());
            }
        }
        return tables;
    }

    /**
     * Generates {@code tables} at {@code scale} into {@code data} and loads them into HadoopDB (created afresh,
     * facts with {@code buckets} chunks) and into {@code schema} on the reference connection (created afresh,
     * analyzed).
     */
    public static void load(Session session, Connection reference, String schema, Path data, double scale, Set<String> tables,
            int buckets) throws IOException, SQLException {
        TpcdsData.generate(data, scale, tables);
        try (Statement st = reference.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            st.execute("CREATE SCHEMA " + schema);
            for (Table t : TpcdsData.tables()) {
                if (tables.contains(t.getName())) {
                    Path file = data.resolve(t.getName()).resolve("data.txt");
                    loadHadoopDb(session, t, file, buckets);
                    loadReference(reference, st, schema, t, file);
                }
            }
        }
    }

    private static void loadHadoopDb(Session session, Table t, Path file, int buckets) {
        String name = t.getName();
        String key = TpcdsData.FACTS.get(name);
        session.execute("DROP TABLE IF EXISTS " + name, StatementListener.NONE);
        session.execute("CREATE TABLE " + name + " (" + TpcdsData.hiveColumns(t) + ") "
                + (key == null ? "" : "CLUSTERED BY (" + key + ") INTO " + buckets + " BUCKETS ")
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'"
                + (key == null ? " TBLPROPERTIES ('hadoopdb.distribution'='replicated')" : ""), StatementListener.NONE);
        session.execute("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE " + name, StatementListener.NONE);
    }

    private static void loadReference(Connection c, Statement st, String schema, Table t, Path file) throws IOException, SQLException {
        // HiveQL compares strings by code point, as the C collation does
        st.execute("CREATE TABLE " + schema + "." + t.getName() + " ("
                + TpcdsData.hiveColumns(t).replace(" string", " text COLLATE \"C\"") + ")");
        try (Reader in = Files.newBufferedReader(file)) {
            c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + schema + "." + t.getName()
                    + " FROM STDIN WITH (FORMAT csv, DELIMITER '|', NULL '\\N', QUOTE E'\\x01')", in);
        }
        st.execute("ANALYZE " + schema + "." + t.getName());
    }
}
