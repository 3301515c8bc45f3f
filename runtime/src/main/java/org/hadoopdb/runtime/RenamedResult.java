package org.hadoopdb.runtime;

import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;

/** A result whose rows carry internal field names, presented under the query's column names. */
final class RenamedResult implements ResultStream {
    private final ResultStream inner;
    private final RowSchema schema;

    RenamedResult(ResultStream inner, RowSchema schema) {
        this.inner = inner;
        this.schema = schema;
    }

    @Override
    public RowSchema schema() {
        return schema;
    }

    @Override
    public boolean next() {
        return inner.next();
    }

    @Override
    public Row row() {
        return inner.row();
    }

    @Override
    public void cancel() {
        inner.cancel();
    }

    @Override
    public void close() {
        inner.close();
    }
}
