package org.hadoopdb.runtime.ops;

import java.io.IOException;
import org.hadoopdb.connector.row.Row;

/** Skips {@code offset} rows, then passes at most {@code fetch} (negative: all). */
final class LimitOperator extends Forwarding {
    private final long offset;
    private final long fetch;
    private long seen;

    LimitOperator(long offset, long fetch, RowSink next) {
        super(next);
        this.offset = offset;
        this.fetch = fetch;
    }

    @Override
    public void accept(Row row) throws IOException {
        long n = seen++;
        if (n >= offset && (fetch < 0 || n < offset + fetch)) {
            next.accept(row);
        }
    }

    @Override
    public boolean done() {
        return fetch >= 0 && seen >= offset + fetch || next.done();
    }
}
