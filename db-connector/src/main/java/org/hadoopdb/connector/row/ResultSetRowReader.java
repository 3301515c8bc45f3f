package org.hadoopdb.connector.row;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.hadoopdb.connector.ConnectorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the rows of a JDBC {@link ResultSet} into {@link Row}s of a given schema.
 *
 * <p>When created it checks the result's column count and each column's type against the schema
 * (exact conversions only: an {@code integer} column may fill a BIGINT field, a {@code bigint}
 * column may not fill an INT field) and fails with the column named; then it picks, per column,
 * the getter that reads it ({@code getLong} + {@code wasNull}, {@code getBigDecimal} keeping the
 * scale, {@code getObject(i, LocalDate.class)}, {@code getObject(i, LocalDateTime.class)},
 * {@code getBytes}, ...). Reading a row is then one getter call per column.
 *
 * <pre>{@code
 * try (ResultSet rs = statement.executeQuery(sql)) {
 *     ResultSetRowReader reader = new ResultSetRowReader(schema, rs);
 *     Row row = new Row(schema);
 *     while (reader.next(row)) {
 *         ... row.getLong(0) ...
 *     }
 * }
 * }</pre>
 *
 * <p>Column positions are matched, not names. Not thread-safe; does not close the result set.
 */
public final class ResultSetRowReader {
    private static final Logger LOG = LoggerFactory.getLogger(ResultSetRowReader.class);

    private final RowSchema schema;
    private final ResultSet rs;
    private final ColumnReader[] readers;
    private long rowsRead;

    /**
     * @throws ConnectorException when the result's columns do not match {@code schema}, naming the column
     */
    public ResultSetRowReader(RowSchema schema, ResultSet rs) {
        this.schema = schema;
        this.rs = rs;
        try {
            ResultSchemas.check(schema, rs.getMetaData());
        } catch (SQLException e) {
            throw new ConnectorException("Cannot read the column types of the query result: " + e.getMessage(), e);
        }
        readers = new ColumnReader[schema.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = ColumnReader.of(schema, i, i + 1);
        }
        LOG.debug("Reading query results as {}", schema);
    }

    public RowSchema schema() {
        return schema;
    }

    /** How many rows {@link #next} has filled so far. */
    public long rowsRead() {
        return rowsRead;
    }

    /**
     * Advances the result set and fills {@code target} (given the reader's schema if it has
     * another); false at the end.
     *
     * @throws ConnectorException when the database fails or a value does not fit its field, naming the field
     */
    public boolean next(Row target) {
        if (target.schema() != schema) {
            target.setSchema(schema); // cheap when equal, and makes the next check an identity check
        }
        int field = -1;
        try {
            if (!rs.next()) {
                return false;
            }
            for (field = 0; field < readers.length; field++) {
                readers[field].read(rs, target);
            }
            rowsRead++;
            return true;
        } catch (SQLException e) {
            String where = field < 0 ? "the next row" : RowSchema.describe(schema, field) + " of row " + (rowsRead + 1);
            throw new ConnectorException("Reading " + where + " of the query result failed: " + e.getMessage(), e);
        }
    }
}
