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
    private ResultSchemas() {
    }

    /**
     * Checks the columns of a result against {@code schema}.
     *
     * @throws ConnectorException naming the first column that cannot be read exactly
     */
    public static void check(RowSchema schema, ResultSetMetaData md) throws SQLException {
        JdbcTypes.check(schema, md);
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
