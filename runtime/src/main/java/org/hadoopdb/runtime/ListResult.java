package org.hadoopdb.runtime;

import java.util.List;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;

/** A small result computed in the client (SHOW TABLES, DESCRIBE, SET): rows held in a list. */
public final class ListResult implements ResultStream {
    private final RowSchema schema;
    private final List<Row> rows;
    private int position = -1;

    public ListResult(RowSchema schema, List<Row> rows) {
        this.schema = schema;
        this.rows = rows;
    }

    @Override
    public RowSchema schema() {
        return schema;
    }

    @Override
    public boolean next() {
        return ++position < rows.size();
    }

    @Override
    public Row row() {
        return rows.get(position);
    }

    @Override
    public void close() {
        position = rows.size();
    }
}
