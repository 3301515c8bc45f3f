package org.hadoopdb.engine.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.runtime.ResultStream;
import org.postgresql.PGConnection;

/**
 * Differential testing: a query's rows through HadoopDB and the same query's rows on one PostgreSQL
 * holding all the data, as comparable lines ({@code v1 | v2 | ...}, values in one spelling).
 *
 * <pre>{@code
 * Differential diff = new Differential(session, engine, engine.catalog().nodes().get(0), "my_reference", 9);
 * assertThat(diff.hadoopDb(sql)).containsExactlyInAnyOrderElementsOf(diff.postgres(sql));
 * }</pre>
 *
 * @param session   the HadoopDB session
 * @param engine    its engine (for connections to the reference node)
 * @param reference the node holding the reference tables
 * @param schema    the schema of the reference tables on that node
 * @param digits    significant digits kept of numbers that are not whole (sums of doubles differ in the last bits)
 */
public record Differential(Session session, HadoopDbEngine engine, NodeInfo reference, String schema, int digits) {
    /**
     * Session settings under which every stage runs as a MapReduce job, none in the client: a suite runs its
     * queries this way too ({@link #through}), so both paths give PostgreSQL's answer.
     */
    public static final Map<String, String> AS_JOBS = Map.of("hadoopdb.exec.client-stage.max-rows", "0");

    /** The same comparison through another session of the same engine (one opened with {@link #AS_JOBS}, say). */
    public Differential through(Session other) {
        return new Differential(other, engine, reference, schema, digits);
    }

    public List<String> hadoopDb(String sql) {
        return hadoopDb(SourceSpan.of(sql));
    }

    public List<String> hadoopDb(SourceSpan sql) {
        List<String> out = new ArrayList<>();
        try (ResultStream rows = ((StatementResult.Rows) session.execute(sql, StatementListener.NONE)).rows()) {
            while (rows.next()) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < rows.schema().size(); i++) {
                    line.append(i == 0 ? "" : " | ").append(normalize(rows.row().get(i), digits));
                }
                out.add(line.toString());
            }
        }
        return out;
    }

    public List<String> postgres(String sql) throws SQLException {
        return postgres(sql, List.of());
    }

    /** The reference's answer with these statements run first in its session (planner settings, a timeout). */
    public List<String> postgres(String sql, List<String> settings) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("SET search_path TO " + schema);
            for (String s : settings) {
                st.execute(s);
            }
            try (ResultSet rs = st.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder line = new StringBuilder();
                    for (int i = 1; i <= n; i++) {
                        line.append(i == 1 ? "" : " | ").append(normalize(rs.getObject(i), digits));
                    }
                    out.add(line.toString());
                }
            }
        }
        return out;
    }

    /**
     * One table of a differential test: its name, its HiveQL columns, the same columns as PostgreSQL
     * types for the reference, and its partitioning key (empty: a replicated table).
     */
    public record Table(String name, String hiveColumns, String postgresColumns, String key) {
        /** From the {@code {name, hive columns, postgres columns, key}} rows tests list their tables in. */
        public static List<Table> of(String[][] rows) {
            return java.util.Arrays.stream(rows).map(r -> new Table(r[0], r[1], r[2], r[3])).toList();
        }
    }

    /**
     * Creates {@code tables} in HadoopDB (4 buckets on their key, or replicated) and in the reference
     * schema (created anew), and loads each the '|'-delimited text of {@code data} (keyed by table name;
     * a table without data stays empty) on both sides, through files written in {@code files}.
     */
    public void load(List<Table> tables, Map<String, String> data, Path files) throws SQLException, IOException {
        for (Table t : tables) {
            session.execute("DROP TABLE IF EXISTS " + t.name(), StatementListener.NONE);
            session.execute("CREATE TABLE " + t.name() + " (" + t.hiveColumns() + ") "
                    + (t.key().isEmpty() ? "" : "CLUSTERED BY (" + t.key() + ") INTO 4 BUCKETS ")
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'"
                    + (t.key().isEmpty() ? " TBLPROPERTIES ('hadoopdb.distribution'='replicated')" : ""), StatementListener.NONE);
            if (data.containsKey(t.name())) {
                Path file = Files.writeString(files.resolve(t.name() + ".txt"), data.get(t.name()), StandardCharsets.UTF_8);
                session.execute("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE " + t.name(), StatementListener.NONE);
            }
        }
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            st.execute("CREATE SCHEMA " + schema);
            for (Table t : tables) {
                st.execute("CREATE TABLE " + schema + "." + t.name() + " (" + t.postgresColumns() + ")");
                if (data.containsKey(t.name())) {
                    c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + schema + "." + t.name()
                            + " FROM STDIN WITH (FORMAT text, DELIMITER '|')", new StringReader(data.get(t.name())));
                }
            }
        }
    }

    /** Drops the reference schema. */
    public void dropReference() throws SQLException {
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    /**
     * Asserts that {@code inClient} and {@code asJobs}, the rows of {@code query} with its stages in the client and with
     * every stage a job, are one PostgreSQL's {@code postgres}: in the same order when {@code ordered}.
     */
    public static void assertSameRows(String query, boolean ordered, List<String> inClient, List<String> asJobs,
            List<String> postgres) {
        if (ordered) {
            assertThat(inClient).as(query).containsExactlyElementsOf(postgres);
            assertThat(asJobs).as("as jobs: " + query).containsExactlyElementsOf(postgres);
        } else {
            assertThat(inClient).as(query).containsExactlyInAnyOrderElementsOf(postgres);
            assertThat(asJobs).as("as jobs: " + query).containsExactlyInAnyOrderElementsOf(postgres);
        }
    }

    /** One spelling per value: whole numbers exactly, others to {@code digits} significant digits (6 for FLOAT). */
    public static String normalize(Object v, int digits) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            return v.toString();
        }
        if (v instanceof Double d && (d.isNaN() || d.isInfinite())) {
            return d.toString();
        }
        if (v instanceof Number n) {
            BigDecimal b = new BigDecimal(n.toString());
            if (b.stripTrailingZeros().scale() <= 0) {
                return b.toBigInteger().toString(); // PostgreSQL's sum(bigint) is numeric
            }
            BigDecimal r = b.round(new MathContext(v instanceof Float ? Math.min(6, digits) : digits, RoundingMode.HALF_UP))
                    .stripTrailingZeros();
            return r.signum() == 0 ? "0" : r.toPlainString();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        if (v instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime().toString();
        }
        return v.toString();
    }
}
