package org.hadoopdb.connector.row;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;
import java.util.Set;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;

/**
 * Which JDBC column types a field of each HiveQL type may be read from. Only conversions that are
 * exact are allowed (an int column into a BIGINT field, never the reverse), so that a query whose
 * SQL does not match its declared schema fails at once with the column named, instead of
 * truncating values row after row.
 */
final class JdbcTypes {
    private static final Set<Integer> SMALL_INTEGERS = Set.of(Types.TINYINT, Types.SMALLINT);
    private static final Set<Integer> INTEGERS_UP_TO_INT = Set.of(Types.TINYINT, Types.SMALLINT, Types.INTEGER);
    private static final Set<Integer> INTEGERS = Set.of(Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT);
    private static final Set<Integer> FLOATS = Set.of(Types.REAL);
    private static final Set<Integer> DOUBLES = Set.of(Types.REAL, Types.FLOAT, Types.DOUBLE);
    private static final Set<Integer> DECIMALS = Set.of(Types.NUMERIC, Types.DECIMAL, Types.TINYINT, Types.SMALLINT,
            Types.INTEGER, Types.BIGINT);
    private static final Set<Integer> STRINGS = Set.of(Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR,
            Types.NVARCHAR, Types.LONGNVARCHAR);
    private static final Set<Integer> BOOLEANS = Set.of(Types.BOOLEAN, Types.BIT);
    private static final Set<Integer> DATES = Set.of(Types.DATE);
    private static final Set<Integer> TIMESTAMPS = Set.of(Types.TIMESTAMP);
    private static final Set<Integer> BINARIES = Set.of(Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY);

    private JdbcTypes() {
    }

    /** Checks the result's column count and every column's type against {@code schema}, once per result set. */
    static void check(RowSchema schema, ResultSetMetaData md) throws SQLException {
        int count = md.getColumnCount();
        if (count != schema.size()) {
            throw new ConnectorException("The query returns " + count + " columns but the row schema " + schema + " has "
                    + schema.size() + " fields");
        }
        for (int i = 0; i < count; i++) {
            int jdbcType = md.getColumnType(i + 1);
            String typeName = md.getColumnTypeName(i + 1);
            if (!readable(schema.type(i), jdbcType, typeName)) {
                throw new ConnectorException("Column " + (i + 1) + " '" + md.getColumnLabel(i + 1) + "' of the query result is "
                        + typeName + ", which cannot be read exactly into " + RowSchema.describe(schema, i)
                        + "; cast it in the SQL to " + schema.type(i).postgresType());
            }
        }
    }

    static boolean readable(HiveType type, int jdbcType, String typeName) {
        String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        return switch (type.kind()) {
            case TINYINT, SMALLINT -> SMALL_INTEGERS.contains(jdbcType);
            case INT -> INTEGERS_UP_TO_INT.contains(jdbcType);
            case BIGINT -> INTEGERS.contains(jdbcType);
            case FLOAT -> FLOATS.contains(jdbcType);
            case DOUBLE -> DOUBLES.contains(jdbcType);
            case DECIMAL -> DECIMALS.contains(jdbcType);
            case STRING, VARCHAR, CHAR -> STRINGS.contains(jdbcType);
            // PostgreSQL reports bool as BIT, and so bit(n) strings: take only real booleans
            case BOOLEAN -> BOOLEANS.contains(jdbcType) && (jdbcType == java.sql.Types.BOOLEAN || name.startsWith("bool"));
            case DATE -> DATES.contains(jdbcType);
            // timestamptz is a point in time, not a local date-time: convert it in the SQL
            case TIMESTAMP -> TIMESTAMPS.contains(jdbcType) && !name.contains("tz") && !name.contains("zone");
            case BINARY -> BINARIES.contains(jdbcType);
        };
    }
}
