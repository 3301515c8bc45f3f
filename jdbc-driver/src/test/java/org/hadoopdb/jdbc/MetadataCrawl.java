package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a BI tool asks a JDBC driver on connect (DBeaver, Tableau, Superset, Metabase and SQLLine
 * between them): every no-argument {@link DatabaseMetaData} method, then the catalog browsing calls
 * with the patterns they use, checked against the table the test created.
 */
final class MetadataCrawl {
    /** No-argument methods that are not questions about the database. */
    private static final Set<String> NOT_QUESTIONS = Set.of("getConnection", "hashCode", "toString", "getClass",
            "notify", "notifyAll", "wait");

    private MetadataCrawl() {
    }

    static void crawl(Connection c, String table) throws Exception {
        DatabaseMetaData md = c.getMetaData();
        Map<String, Object> answers = new LinkedHashMap<>();
        for (Method m : DatabaseMetaData.class.getMethods()) {
            if (m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers()) && !NOT_QUESTIONS.contains(m.getName())) {
                try {
                    Object answer = m.invoke(md);
                    if (answer instanceof ResultSet rs) {
                        answer = drain(rs);
                    }
                    answers.put(m.getName(), answer);
                } catch (InvocationTargetException e) {
                    throw new AssertionError("DatabaseMetaData." + m.getName() + "() failed: " + e.getCause(), e.getCause());
                }
            }
        }
        // a few that take arguments, with the values tools pass
        for (int type : new int[] {java.sql.ResultSet.TYPE_FORWARD_ONLY, java.sql.ResultSet.TYPE_SCROLL_INSENSITIVE}) {
            md.supportsResultSetType(type);
            md.supportsResultSetConcurrency(type, java.sql.ResultSet.CONCUR_READ_ONLY);
            md.ownUpdatesAreVisible(type);
            md.othersInsertsAreVisible(type);
        }
        md.supportsTransactionIsolationLevel(Connection.TRANSACTION_READ_COMMITTED);
        md.supportsConvert(Types.INTEGER, Types.VARCHAR);
        md.supportsResultSetHoldability(java.sql.ResultSet.HOLD_CURSORS_OVER_COMMIT);

        assertThat(answers.get("getDatabaseProductName")).isEqualTo("HadoopDB");
        assertThat((String) answers.get("getDatabaseProductVersion")).isNotBlank();
        assertThat(answers.get("getDriverName")).isEqualTo("HadoopDB JDBC Driver");
        assertThat(answers.get("getIdentifierQuoteString")).isEqualTo("`");
        assertThat(answers.get("supportsTransactions")).isEqualTo(false);
        assertThat(answers.get("storesLowerCaseIdentifiers")).isEqualTo(true);
        assertThat(answers.get("isReadOnly")).isEqualTo(false);
        assertThat(answers.get("getDefaultTransactionIsolation")).isEqualTo(Connection.TRANSACTION_NONE);
        assertThat(rows(answers.get("getCatalogs"))).isEmpty();
        assertThat(column(answers.get("getSchemas"), 0)).contains("default"); // and any database a test created
        assertThat(column(answers.get("getTableTypes"), 0)).containsExactly("TABLE", "VIEW");
        assertThat(column(answers.get("getTypeInfo"), 0)).contains("INT", "BIGINT", "STRING", "DECIMAL", "DATE", "TIMESTAMP");
        assertThat(c.getSchema()).isEqualTo("default");
        assertThat(c.getAutoCommit()).isTrue();

        // browsing as tools do: all tables, then one table's columns by exact name and by pattern
        List<List<Object>> tables = drain(md.getTables(null, null, "%", new String[] {"TABLE"}));
        assertThat(tables).anySatisfy(r -> {
            assertThat(r.get(1)).isEqualTo("default");
            assertThat(r.get(2)).isEqualTo(table);
            assertThat(r.get(3)).isEqualTo("TABLE");
        });
        assertThat(drain(md.getTables(null, "default", table.toUpperCase(), null))).hasSize(1);
        assertThat(drain(md.getTables("some_catalog", null, "%", null))).isEmpty();
        assertThat(drain(md.getTables(null, null, "%", new String[] {"VIEW"}))).isEmpty();

        List<List<Object>> columns = drain(md.getColumns(null, "default", table, null));
        assertThat(column(columns, 3)).containsExactly("sourceip", "desturl", "adrevenue", "visitdate", "countrycode",
                "duration", "score", "flag");
        List<Object> revenue = columns.get(2);
        assertThat(revenue.get(4)).isEqualTo(Types.DECIMAL);       // DATA_TYPE
        assertThat(revenue.get(5)).isEqualTo("DECIMAL");           // TYPE_NAME
        assertThat(revenue.get(6)).isEqualTo(10);                  // COLUMN_SIZE
        assertThat(revenue.get(8)).isEqualTo(2);                   // DECIMAL_DIGITS
        assertThat(revenue.get(10)).isEqualTo(DatabaseMetaData.columnNullable);
        assertThat(revenue.get(11)).isEqualTo("revenue in dollars"); // REMARKS
        assertThat(revenue.get(16)).isEqualTo(3);                  // ORDINAL_POSITION
        assertThat(revenue.get(17)).isEqualTo("YES");              // IS_NULLABLE
        assertThat(columns.get(1).get(4)).isEqualTo(Types.VARCHAR);
        assertThat(columns.get(1).get(6)).isEqualTo(100);
        assertThat(columns.get(3).get(4)).isEqualTo(Types.DATE);
        assertThat(column(drain(md.getColumns(null, null, table, "%ip")), 3)).containsExactly("sourceip");

        try (ResultSet rs = md.getColumns(null, null, table, null)) {
            ResultSetMetaData rsmd = rs.getMetaData();
            assertThat(rsmd.getColumnCount()).isGreaterThanOrEqualTo(18);
            assertThat(rsmd.getColumnName(4)).isEqualTo("COLUMN_NAME");
        }

        assertThat(drain(md.getPrimaryKeys(null, null, table))).isEmpty();
        assertThat(drain(md.getImportedKeys(null, null, table))).isEmpty();
        assertThat(drain(md.getExportedKeys(null, null, table))).isEmpty();
        assertThat(drain(md.getIndexInfo(null, null, table, false, true))).isEmpty();
        assertThat(drain(md.getProcedures(null, null, "%"))).isEmpty();
        assertThat(drain(md.getTablePrivileges(null, null, "%"))).isEmpty();
        assertThat(drain(md.getBestRowIdentifier(null, null, table, DatabaseMetaData.bestRowSession, true))).isEmpty();
        assertThat(drain(md.getUDTs(null, null, "%", null))).isEmpty();
        assertThat(column(drain(md.getFunctions(null, null, "%")), 2)).contains("count", "sum");
        assertThat(drain(md.getSchemas(null, "def%"))).hasSize(1);
    }

    private static List<List<Object>> drain(ResultSet rs) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @SuppressWarnings("unchecked")
    private static List<List<Object>> rows(Object answer) {
        return (List<List<Object>>) answer;
    }

    private static List<Object> column(Object answer, int index) {
        List<Object> out = new ArrayList<>();
        for (List<Object> row : rows(answer)) {
            out.add(row.get(index));
        }
        return out;
    }
}
