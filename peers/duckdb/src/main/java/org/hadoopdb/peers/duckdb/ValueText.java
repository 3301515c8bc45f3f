package org.hadoopdb.peers.duckdb;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;

/**
 * A result value as the protocol's text: integers plain, doubles as {@link Double#toString}, decimals without an
 * exponent, dates {@code yyyy-MM-dd} (DuckDB's own text), everything else as DuckDB prints it; null for NULL.
 */
final class ValueText {
    private final int[] types;

    ValueText(ResultSetMetaData meta) throws SQLException {
        types = new int[meta.getColumnCount()];
        for (int i = 0; i < types.length; i++) {
            types[i] = meta.getColumnType(i + 1);
        }
    }

    int columns() {
        return types.length;
    }

    /** Column {@code column} (1-based) of the current row. */
    String of(ResultSet rs, int column) throws SQLException {
        String text = switch (types[column - 1]) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> Long.toString(rs.getLong(column));
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> Double.toString(rs.getDouble(column));
            case Types.DECIMAL, Types.NUMERIC -> {
                BigDecimal d = rs.getBigDecimal(column);
                yield d == null ? null : d.toPlainString();
            }
            default -> rs.getString(column);
        };
        return rs.wasNull() ? null : text;
    }
}
