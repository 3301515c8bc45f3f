package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;

/**
 * Moves one column of the current result-set row into one field of a {@link Row}, with the
 * {@code ResultSet} getter that fits the field's type. Chosen once per column when a result set is
 * opened, so reading a row is a straight sequence of getter calls, without a type switch.
 */
@FunctionalInterface
interface ColumnReader {

    void read(ResultSet rs, Row row) throws SQLException;

    /** The reader of JDBC column {@code column} (1-based) into field {@code field} of a row of {@code schema}. */
    static ColumnReader of(RowSchema schema, int field, int column) {
        HiveType type = schema.type(field);
        return switch (type.kind()) {
            // range-checked by setLong: PostgreSQL stores TINYINT as smallint
            case TINYINT, SMALLINT, INT -> (rs, row) -> {
                int v = rs.getInt(column);
                if (rs.wasNull()) {
                    row.setNull(field);
                } else {
                    row.setLong(field, v);
                }
            };
            case BIGINT -> (rs, row) -> {
                long v = rs.getLong(column);
                if (rs.wasNull()) {
                    row.setNull(field);
                } else {
                    row.setLong(field, v);
                }
            };
            case FLOAT -> (rs, row) -> {
                float v = rs.getFloat(column);
                if (rs.wasNull()) {
                    row.setNull(field);
                } else {
                    row.setFloat(field, v);
                }
            };
            case DOUBLE -> (rs, row) -> {
                double v = rs.getDouble(column);
                if (rs.wasNull()) {
                    row.setNull(field);
                } else {
                    row.setDouble(field, v);
                }
            };
            case DECIMAL -> {
                int scale = type.scale();
                yield (rs, row) -> row.setDecimal(field, withScale(rs.getBigDecimal(column), scale, schema, field));
            }
            case STRING, VARCHAR, CHAR -> (rs, row) -> row.setString(field, rs.getString(column));
            case BOOLEAN -> (rs, row) -> {
                boolean v = rs.getBoolean(column);
                if (rs.wasNull()) {
                    row.setNull(field);
                } else {
                    row.setBoolean(field, v);
                }
            };
            case DATE -> (rs, row) -> row.setDate(field, rs.getObject(column, LocalDate.class));
            case TIMESTAMP -> (rs, row) -> row.setTimestamp(field, rs.getObject(column, LocalDateTime.class));
            case ARRAY, MAP, STRUCT -> (rs, row) -> row.setComplexJson(field, rs.getString(column));
            case BINARY -> (rs, row) -> {
                byte[] v = rs.getBytes(column);
                if (v == null) {
                    row.setNull(field);
                } else {
                    row.setBinaryOwned(field, v);
                }
            };
        };
    }

    /**
     * A decimal at the field's scale: PostgreSQL's numeric(p,s) already has it; a value with fewer
     * digits (an integer column, unconstrained numeric) is widened exactly; one with more digits
     * than the scale would have to be rounded, which is the SQL's job, so it is an error.
     */
    private static BigDecimal withScale(BigDecimal v, int scale, RowSchema schema, int field) {
        if (v == null || v.scale() == scale) {
            return v;
        }
        if (v.scale() < scale) {
            return v.setScale(scale);
        }
        try {
            return v.setScale(scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new ConnectorException("Value " + v.toPlainString() + " has more fractional digits than "
                    + RowSchema.describe(schema, field) + "; round or cast it in the SQL", e);
        }
    }
}
