package org.hadoopdb.runtime.ops;

import java.io.IOException;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.plan.OperatorSpec;

/** The map side of a repartition join: see {@link OperatorSpec.JoinInput}. */
final class JoinInputOperator extends Forwarding {
    private final int[] fields;
    private final int keys;
    private final boolean dropNullKeys;
    private final Row out;
    private final HiveType.Kind[] kinds;

    JoinInputOperator(OperatorSpec.JoinInput spec, RowSink next) {
        super(next);
        this.fields = spec.fields();
        this.keys = spec.keys();
        this.dropNullKeys = spec.dropNullKeys();
        this.out = new Row(spec.schema());
        this.kinds = new HiveType.Kind[fields.length];
        for (int i = 0; i < fields.length; i++) {
            kinds[i] = spec.schema().type(i).kind();
        }
        out.setLong(keys, spec.tag());
    }

    @Override
    public void accept(Row row) throws IOException {
        for (int i = 0; i < keys; i++) {
            if (row.isNull(fields[i])) {
                if (dropNullKeys) {
                    return;
                }
                out.setNull(i);
            } else {
                SelectOperator.copy(row, fields[i], out, i, kinds[i]);
            }
        }
        for (int i = keys + 1; i < fields.length; i++) {
            if (fields[i] < 0) {
                out.setNull(i);
            } else {
                SelectOperator.copy(row, fields[i], out, i, kinds[i]);
            }
        }
        next.accept(out);
    }
}
