package org.hadoopdb.connector.pool;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.hadoopdb.catalog.model.NodeInfo;

/**
 * The one way HadoopDB opens a session on a node database, and the PostgreSQL settings every such
 * session starts with. The SQL HadoopDB generates and the readers of its results depend on these
 * settings; a node whose server, database or role is configured otherwise ({@code postgresql.conf},
 * {@code ALTER DATABASE/ROLE ... SET}) must not change what that SQL means. They are set by one
 * {@code SET} statement right after the connection is made, before anything else runs on it (for
 * pooled connections, as HikariCP's {@code connectionInitSql}): a {@code SET} overrides every other
 * source, also the JDBC driver's own start-up parameters and the URL's {@code options}.
 *
 * <pre>{@code
 * try (Connection c = NodeSession.open(node, credentials, "hadoopdb-task", 10)) { ... }
 * }</pre>
 */
public final class NodeSession {
    /** Setting name → value, in the order they are set. */
    private static final Map<String, String> SETTINGS = settings();
    /** The statement that applies {@link #SETTINGS}: plain ASCII, no backslash, so it means the same under any server setting. */
    static final String INIT_SQL = SETTINGS.entrySet().stream()
            .map(e -> "SET " + e.getKey() + " = '" + e.getValue() + "'")
            .collect(Collectors.joining("; "));

    private NodeSession() {
    }

    private static Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        // sqlgen's PgLiterals, the loader's comments and the chunk reader's SET LOCAL values write '…' with doubled
        // quotes and a backslash as itself, and U&'…' escapes; with this off a backslash escapes the quote after it
        // and a literal can end early (SQL injection)
        s.put("standard_conforming_strings", "on");
        // the driver parses dates and timestamps in ISO form; date literals are written yyyy-mm-dd
        s.put("DateStyle", "ISO, MDY");
        s.put("IntervalStyle", "postgres");
        // Hive's semantics here have a session time zone of UTC (DateFunctions, QueryClock); timestamps are
        // 'timestamp without time zone', so this only guards SQL that would ever touch timestamptz
        s.put("TimeZone", "UTC");
        // float4/float8 as their shortest exact text: doubles read back bit for bit
        s.put("extra_float_digits", "3");
        s.put("bytea_output", "hex");
        // 'x = NULL' must stay unknown, as generated SQL means it
        s.put("transform_null_equals", "off");
        // Only the system catalog: no object in public or a "$user" schema can capture an unqualified name or an
        // overload of a built-in function in HadoopDB's statements. Chunk statements get their tables' schemas
        // from the chunk reader's SET LOCAL search_path, which always runs before them; everything else
        // HadoopDB runs (loader, garbage collection) names its tables with their schemas.
        s.put("search_path", "pg_catalog");
        return s;
    }

    /** The names of the settings every session fixes, in lower case (they cannot be changed per job). */
    public static Set<String> fixedSettings() {
        return SETTINGS.keySet().stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * A new (unpooled) session on {@code node} with its credentials and HadoopDB's settings.
     *
     * @param applicationName what {@code pg_stat_activity} shows for it
     * @param timeoutSeconds  how long connecting (and logging in) may take
     * @throws SQLException as the driver reports it; the caller names the node
     */
    public static Connection open(NodeInfo node, CredentialResolver credentials, String applicationName, int timeoutSeconds)
            throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", node.user());
        String password = credentials.password(node);
        if (password != null) {
            props.setProperty("password", password);
        }
        props.setProperty("connectTimeout", Integer.toString(timeoutSeconds));
        props.setProperty("loginTimeout", Integer.toString(timeoutSeconds));
        props.setProperty("ApplicationName", applicationName);
        Connection c = DriverManager.getConnection(node.jdbcUrl(), props);
        try {
            apply(c);
            return c;
        } catch (SQLException | RuntimeException e) {
            try {
                c.close();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Applies the settings on a connection that nothing has used yet. */
    static void apply(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(INIT_SQL);
        }
    }
}
