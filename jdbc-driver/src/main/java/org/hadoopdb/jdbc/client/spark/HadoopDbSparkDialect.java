package org.hadoopdb.jdbc.client.spark;

import java.sql.SQLException;
import java.sql.Statement;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcOptionsInWrite;
import org.apache.spark.sql.jdbc.JdbcDialect;
import org.apache.spark.sql.jdbc.JdbcDialects;
import org.apache.spark.sql.jdbc.JdbcType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.hadoopdb.jdbc.client.JdbcUrl;
import scala.Option;

/**
 * Spark's JDBC dialect for HadoopDB ({@code jdbc:hadoopdb:} URLs): how Spark's JDBC source writes HiveQL.
 *
 * <p>Spark's generic SQL puts names in double quotes, which HiveQL reads as strings, so a partitioned read or a
 * pushed filter compares constants and silently returns no rows. This dialect writes names in backquotes,
 * maps HiveQL's types to Spark's and back ({@link SparkTypes}), writes literals HiveQL reads back exactly
 * ({@link HiveQlLiterals}), and lets Spark push into HadoopDB the filters, LIMIT, top-N ({@code ORDER BY …
 * LIMIT}), grouping and aggregates HadoopDB computes as Spark does ({@link HiveQlExpressions}); OFFSET is not
 * pushed (HiveQL's OFFSET needs a LIMIT, and Spark may push an offset alone), Spark skips those rows itself.
 *
 * <p>HadoopDB's driver registers it when it is loaded in a JVM whose class path has Spark's JDBC source (its
 * static initializer, through {@code org.hadoopdb.jdbc.client.SparkDialects}). Spark looks up the dialect on
 * the driver and in the executors; where the driver jar may not have been loaded yet when Spark asks (an
 * application that names no {@code driver} option and opens no connection first), register it first:
 *
 * <pre>{@code
 * HadoopDbSparkDialect.register();
 * Dataset<Row> t = spark.read().jdbc("jdbc:hadoopdb://db1:8765", "visits", "id", 1, 1_000_000, 8, props);
 * }</pre>
 */
public final class HadoopDbSparkDialect extends JdbcDialect {
    private static final long serialVersionUID = 1L;

    /** The one instance: registering it again moves it to the front of Spark's registry instead of adding a copy. */
    public static final HadoopDbSparkDialect INSTANCE = new HadoopDbSparkDialect();

    private HadoopDbSparkDialect() {
    }

    /** Registers {@link #INSTANCE} with Spark's {@link JdbcDialects}; calling it again does no harm. */
    public static HadoopDbSparkDialect register() {
        JdbcDialects.registerDialect(INSTANCE);
        return INSTANCE;
    }

    /** Spark ships dialects to executors: the copy there is the executor's own instance. */
    private Object readResolve() {
        return INSTANCE;
    }

    @Override
    public boolean canHandle(String url) {
        return JdbcUrl.accepts(url);
    }

    /** A HiveQL name in backquotes; a backquote inside the name is doubled. */
    @Override
    public String quoteIdentifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    @Override
    public Option<DataType> getCatalystType(int sqlType, String typeName, int size, MetadataBuilder md) {
        Metadata metadata = md.build();
        int scale = metadata.contains("scale") ? (int) metadata.getLong("scale") : 0;
        return Option.apply(SparkTypes.toSpark(typeName, size, scale).orElse(null));
    }

    @Override
    public Option<JdbcType> getJDBCType(DataType type) {
        return Option.apply(SparkTypes.toHive(type).orElse(null));
    }

    /** An always-false filter: HadoopDB's planner finds the result empty and reads no chunk, but the table must exist. */
    @Override
    public String getTableExistsQuery(String table) {
        return "SELECT 1 FROM " + table + " WHERE 1=0";
    }

    /** As {@link #getTableExistsQuery}: the columns without reading a row. */
    @Override
    public String getSchemaQuery(String table) {
        return "SELECT * FROM " + table + " WHERE 1=0";
    }

    @Override
    public String getTruncateQuery(String table) {
        return "TRUNCATE TABLE " + table;
    }

    /** HiveQL's TRUNCATE has no CASCADE: HadoopDB's tables have no foreign keys to follow. */
    @Override
    public String getTruncateQuery(String table, Option<Object> cascade) {
        return getTruncateQuery(table);
    }

    /** Truncating a table never touches another, so Spark may truncate instead of dropping and re-creating. */
    @Override
    public Option<Object> isCascadingTruncateTable() {
        return Option.apply(Boolean.FALSE);
    }

    /** As Spark's, without the {@code NOT NULL} HiveQL has no syntax for ({@link CreateTableColumns}). */
    @Override
    public void createTable(Statement statement, String table, String columns, JdbcOptionsInWrite options) {
        String sql = "CREATE TABLE " + table + " (" + CreateTableColumns.withoutNotNull(columns) + ") "
                + options.createTableOptions();
        try {
            statement.executeUpdate(sql.strip());
        } catch (SQLException e) {
            throw Unchecked.<RuntimeException>rethrow(e);
        }
    }

    /** The literal {@link HiveQlLiterals} writes; an {@link IllegalArgumentException} for a value it cannot write. */
    @Override
    public Object compileValue(Object value) {
        return HiveQlLiterals.of(value);
    }

    /** The HiveQL of {@code expr}, or empty when HadoopDB would not compute it as Spark does (Spark then evaluates it). */
    @Override
    public Option<String> compileExpression(Expression expr) {
        try {
            return Option.apply(new HiveQlExpressions(this).build(expr));
        } catch (RuntimeException notPushed) {
            return Option.empty();
        }
    }

    @Override
    public boolean isSupportedFunction(String name) {
        return HiveQlExpressions.FUNCTIONS.contains(name) || HiveQlExpressions.AGGREGATES.contains(name);
    }

    @Override
    public boolean supportsLimit() {
        return true;
    }

    @Override
    public String getLimitClause(Integer limit) {
        return limit != null && limit > 0 ? "LIMIT " + limit : "";
    }

    /** Not pushed: HiveQL's OFFSET comes only after a LIMIT, and Spark may push an offset without one. */
    @Override
    public boolean supportsOffset() {
        return false;
    }

    @Override
    public String getOffsetClause(Integer offset) {
        return "";
    }
}
