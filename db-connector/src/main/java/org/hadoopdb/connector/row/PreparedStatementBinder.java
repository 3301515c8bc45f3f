package org.hadoopdb.connector.row;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import org.hadoopdb.catalog.model.ComplexJson;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.ConnectorException;

/**
 * Binds the fields of a {@link Row} as consecutive parameters of a {@link PreparedStatement}, with
 * the setter that fits each field's type ({@code setLong}, {@code setBigDecimal},
 * {@code setObject(LocalDate)}, ...) and typed NULLs; the reverse of {@link ResultSetRowReader}.
 * Setters are chosen once per schema. Not thread-safe.
 */
public final class PreparedStatementBinder {

    @FunctionalInterface
    private interface ParameterBinder {
        void bind(Row row, PreparedStatement ps) throws SQLException;
    }

    private final RowSchema schema;
    private final ParameterBinder[] binders;
    private RowSchema verifiedSchema;

    /** Binds field {@code i} to parameter {@code i + 1}. */
    public PreparedStatementBinder(RowSchema schema) {
        this(schema, 1);
    }

    /** Binds field {@code i} to parameter {@code firstParameter + i}. */
    public PreparedStatementBinder(RowSchema schema, int firstParameter) {
        this.schema = schema;
        this.verifiedSchema = schema;
        binders = new ParameterBinder[schema.size()];
        for (int i = 0; i < binders.length; i++) {
            binders[i] = binder(schema.type(i), i, firstParameter + i);
        }
    }

    /** Sets the parameters from {@code row}, which must have the binder's schema. */
    public void bind(Row row, PreparedStatement ps) {
        if (row.schema() != verifiedSchema) {
            if (!schema.equals(row.schema())) {
                throw new ConnectorException("Cannot bind a row of schema " + row.schema() + " as parameters " + schema);
            }
            verifiedSchema = row.schema();
        }
        int field = 0;
        try {
            for (; field < binders.length; field++) {
                binders[field].bind(row, ps);
            }
        } catch (SQLException e) {
            throw new ConnectorException("Binding " + RowSchema.describe(schema, field) + " as a statement parameter failed: "
                    + e.getMessage(), e);
        }
    }

    private static ParameterBinder binder(HiveType type, int f, int p) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT -> nullable(f, p, Types.SMALLINT, (row, ps) -> ps.setShort(p, row.getShort(f)));
            case INT -> nullable(f, p, Types.INTEGER, (row, ps) -> ps.setInt(p, row.getInt(f)));
            case BIGINT -> nullable(f, p, Types.BIGINT, (row, ps) -> ps.setLong(p, row.getLong(f)));
            case FLOAT -> nullable(f, p, Types.REAL, (row, ps) -> ps.setFloat(p, row.getFloat(f)));
            case DOUBLE -> nullable(f, p, Types.DOUBLE, (row, ps) -> ps.setDouble(p, row.getDouble(f)));
            case DECIMAL -> nullable(f, p, Types.NUMERIC, (row, ps) -> ps.setBigDecimal(p, row.getDecimal(f)));
            case STRING, VARCHAR, CHAR -> nullable(f, p, Types.VARCHAR, (row, ps) -> ps.setString(p, row.getString(f)));
            case BOOLEAN -> nullable(f, p, Types.BOOLEAN, (row, ps) -> ps.setBoolean(p, row.getBoolean(f)));
            case DATE -> nullable(f, p, Types.DATE, (row, ps) -> ps.setObject(p, row.getDate(f)));
            case TIMESTAMP -> nullable(f, p, Types.TIMESTAMP, (row, ps) -> ps.setObject(p, row.getTimestamp(f)));
            case BINARY -> nullable(f, p, Types.BINARY, (row, ps) -> ps.setBytes(p, row.getBinary(f)));
            // sent untyped, so PostgreSQL reads the text as the jsonb the column or cast expects
            case ARRAY, MAP, STRUCT -> nullable(f, p, Types.OTHER,
                    (row, ps) -> ps.setObject(p, ComplexJson.write(type, row.getComplex(f)), Types.OTHER));
        };
    }

    private static ParameterBinder nullable(int f, int p, int sqlType, ParameterBinder value) {
        return (row, ps) -> {
            if (row.isNull(f)) {
                ps.setNull(p, sqlType);
            } else {
                value.bind(row, ps);
            }
        };
    }
}
