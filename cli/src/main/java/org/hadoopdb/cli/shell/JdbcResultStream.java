package org.hadoopdb.cli.shell;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.cli.CliException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.runtime.ResultStream;

/**
 * A JDBC result set seen as a {@link ResultStream}, so the shell's printers print a remote result
 * exactly as a local one. Rows are read one at a time (the driver fetches them in frames).
 */
final class JdbcResultStream implements ResultStream {
    private final ResultSet rs;
    private final RowSchema schema;
    private final int[] types;
    private final Row row;

    JdbcResultStream(ResultSet rs) throws SQLException {
        this.rs = rs;
        ResultSetMetaData md = rs.getMetaData();
        RowSchema.Builder b = RowSchema.builder();
        types = new int[md.getColumnCount()];
        for (int i = 0; i < types.length; i++) {
            types[i] = md.getColumnType(i + 1);
            b.add(md.getColumnLabel(i + 1), hiveType(types[i], md.getPrecision(i + 1), md.getScale(i + 1)));
        }
        schema = b.build();
        row = new Row(schema);
    }

    private static HiveType hiveType(int jdbcType, int precision, int scale) {
        return switch (jdbcType) {
            case Types.TINYINT -> HiveType.TINYINT;
            case Types.SMALLINT -> HiveType.SMALLINT;
            case Types.INTEGER -> HiveType.INT;
            case Types.BIGINT -> HiveType.BIGINT;
            case Types.REAL -> HiveType.FLOAT;
            case Types.FLOAT, Types.DOUBLE -> HiveType.DOUBLE;
            case Types.DECIMAL, Types.NUMERIC -> {
                int p = Math.max(1, Math.min(HiveType.MAX_DECIMAL_PRECISION, precision));
                yield HiveType.decimal(p, Math.max(0, Math.min(scale, p)));
            }
            case Types.BOOLEAN, Types.BIT -> HiveType.BOOLEAN;
            case Types.DATE -> HiveType.DATE;
            case Types.TIMESTAMP -> HiveType.TIMESTAMP;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> HiveType.BINARY;
            default -> HiveType.STRING;
        };
    }

    @Override
    public RowSchema schema() {
        return schema;
    }

    @Override
    public boolean next() {
        try {
            if (!rs.next()) {
                return false;
            }
            for (int i = 0; i < types.length; i++) {
                row.set(i, value(i + 1, schema.type(i)));
            }
            return true;
        } catch (SQLException e) {
            throw new CliException("Reading the result failed: " + e.getMessage(), e);
        }
    }

    private Object value(int column, HiveType type) throws SQLException {
        Object v = switch (type.kind()) {
            case TINYINT -> rs.getByte(column);
            case SMALLINT -> rs.getShort(column);
            case INT -> rs.getInt(column);
            case BIGINT -> rs.getLong(column);
            case FLOAT -> rs.getFloat(column);
            case DOUBLE -> rs.getDouble(column);
            case DECIMAL -> rs.getBigDecimal(column);
            case BOOLEAN -> rs.getBoolean(column);
            case DATE -> rs.getObject(column, LocalDate.class);
            case TIMESTAMP -> rs.getObject(column, LocalDateTime.class);
            case BINARY -> rs.getBytes(column);
            default -> rs.getString(column);
        };
        return rs.wasNull() ? null : v;
    }

    @Override
    public Row row() {
        return row;
    }

    @Override
    public void close() {
        try {
            rs.close();
        } catch (SQLException e) {
            throw new CliException("Closing the result failed: " + e.getMessage(), e);
        }
    }
}
