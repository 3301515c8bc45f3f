package org.hadoopdb.planner.exec.ops;

import java.io.IOException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;

/** Keeps and reorders fields into one reused row. */
final class SelectOperator extends Forwarding {
    private final int[] fields;
    private final Row out;

    SelectOperator(int[] fields, RowSchema output, RowSink next) {
        super(next);
        this.fields = fields;
        this.out = new Row(output);
    }

    @Override
    public void accept(Row row) throws IOException {
        for (int i = 0; i < fields.length; i++) {
            out.set(i, row.get(fields[i]));
        }
        next.accept(out);
    }
}
