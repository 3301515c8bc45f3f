package org.hadoopdb.hs2;

import java.util.List;
import org.hadoopdb.runtime.ResultStream;

/** Where an operation's rows come from: a query's stream, or a metadata call's rows in memory. */
interface RowSource extends AutoCloseable {
    List<ResultColumn> columns();

    /** Appends up to {@code max} more rows to {@code batch}; fewer only at the end. */
    void fetch(ColumnarRows batch, int max);

    @Override
    void close();

    /** A query's rows, read from its stream batch by batch: never all in memory. */
    static RowSource of(ResultStream stream) {
        List<ResultColumn> columns = ResultColumn.of(stream.schema());
        return new RowSource() {
            private boolean exhausted;

            @Override
            public List<ResultColumn> columns() {
                return columns;
            }

            @Override
            public void fetch(ColumnarRows batch, int max) {
                while (!exhausted && batch.size() < max) {
                    if (!stream.next()) {
                        exhausted = true;
                    } else {
                        batch.add(stream.row());
                    }
                }
            }

            @Override
            public void close() {
                stream.close();
            }
        };
    }

    /** A metadata call's rows (each a {@code List} of plain Java values). */
    static RowSource of(List<ResultColumn> columns, List<?> rows) {
        return new RowSource() {
            private int next;

            @Override
            public List<ResultColumn> columns() {
                return columns;
            }

            @Override
            public void fetch(ColumnarRows batch, int max) {
                while (next < rows.size() && batch.size() < max) {
                    batch.add((List<?>) rows.get(next++));
                }
            }

            @Override
            public void close() {
                // nothing held
            }
        };
    }
}
