package org.hadoopdb.connector.row;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;

/**
 * Row schemas of query results: checking that a result can be read into a declared schema exactly,
 * and deriving the schema of a result nobody declared (a hand-written job's SQL).
 */
public final class ResultSchemas {
    // Which JDBC column types a field of each HiveQL type may be read from. Only exact conversions are
    // allowed (an int column into a BIGINT field, never the reverse), so that a query whose SQL does not
    // match its declared schema fails at once with the column named instead of truncating values row after row.
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

    private ResultSchemas() {
    }

    /**
     * Checks the columns of a result against {@code schema}.
     *
     * @throws ConnectorException naming the first column that cannot be read exactly
     */
    public static void check(RowSchema schema, ResultSetMetaData md) throws SQLException {
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

    /**
     * The schema a result's columns map to: PostgreSQL's types as the nearest HiveQL types (numeric
     * keeps its precision and scale; an unconstrained numeric is refused, cast it in the SQL). Column
     * names are the result's labels, made unique.
     *
     * @throws ConnectorException naming a column whose type has no HiveQL equivalent
     */
    public static RowSchema derive(ResultSetMetaData md) throws SQLException {
        RowSchema.Builder b = RowSchema.builder();
        Set<String> names = new HashSet<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            String label = md.getColumnLabel(i).toLowerCase(Locale.ROOT);
            String name = label;
            for (int n = 2; !names.add(name); n++) {
                name = label + "_" + n;
            }
            b.add(name, typeOf(md, i));
        }
        return b.build();
    }

    private static boolean readable(HiveType type, int jdbcType, String typeName) {
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
            case ARRAY, MAP, STRUCT -> name.equals("jsonb") || name.equals("json");
        };
    }

    private static HiveType typeOf(ResultSetMetaData md, int i) throws SQLException {
        int jdbc = md.getColumnType(i);
        String name = md.getColumnTypeName(i) == null ? "" : md.getColumnTypeName(i).toLowerCase(Locale.ROOT);
        switch (jdbc) {
            case Types.TINYINT, Types.SMALLINT:
                return HiveType.SMALLINT;
            case Types.INTEGER:
                return HiveType.INT;
            case Types.BIGINT:
                return HiveType.BIGINT;
            case Types.REAL:
                return HiveType.FLOAT;
            case Types.FLOAT, Types.DOUBLE:
                return HiveType.DOUBLE;
            case Types.NUMERIC, Types.DECIMAL: {
                int precision = md.getPrecision(i);
                int scale = md.getScale(i);
                if (precision <= 0 || precision > HiveType.MAX_DECIMAL_PRECISION || scale < 0 || scale > precision) {
                    throw new ConnectorException("Column " + i + " '" + md.getColumnLabel(i) + "' is an unconstrained numeric;"
                            + " cast it in the SQL to numeric(p,s) with p <= 38, e.g. ::numeric(38,6)");
                }
                return HiveType.decimal(precision, scale);
            }
            case Types.CHAR, Types.NCHAR: {
                int length = md.getPrecision(i);
                return length > 0 && length <= HiveType.MAX_CHAR_LENGTH ? HiveType.charType(length) : HiveType.STRING;
            }
            case Types.VARCHAR, Types.NVARCHAR, Types.LONGVARCHAR, Types.LONGNVARCHAR: {
                int length = md.getPrecision(i);
                return length > 0 && length <= HiveType.MAX_VARCHAR_LENGTH ? HiveType.varchar(length) : HiveType.STRING;
            }
            case Types.BOOLEAN:
                return HiveType.BOOLEAN;
            case Types.BIT:
                if (name.startsWith("bool")) {
                    return HiveType.BOOLEAN;
                }
                break;
            case Types.DATE:
                return HiveType.DATE;
            case Types.TIMESTAMP:
                if (!name.contains("tz") && !name.contains("zone")) {
                    return HiveType.TIMESTAMP;
                }
                break;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY:
                return HiveType.BINARY;
            default:
                break;
        }
        throw new ConnectorException("Column " + i + " '" + md.getColumnLabel(i) + "' has PostgreSQL type " + name
                + ", which has no HiveQL equivalent; cast it in the SQL (e.g. to text, bigint, numeric(p,s) or timestamp)");
    }
}
