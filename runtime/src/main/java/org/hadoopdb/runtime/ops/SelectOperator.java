package org.hadoopdb.runtime.ops;

import java.io.IOException;
import java.math.BigDecimal;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;

/**
 * Keeps and reorders fields into one reused row. A field may change to a wider type of the same
 * family on the way (an INT join key into a BIGINT shuffle field, a VARCHAR into a STRING).
 */
final class SelectOperator extends Forwarding {
    private final int[] fields;
    private final Row out;
    private final HiveType.Kind[] widen;

    SelectOperator(int[] fields, RowSchema output, RowSink next) {
        super(next);
        this.fields = fields;
        this.out = new Row(output);
        this.widen = new HiveType.Kind[fields.length];
        for (int i = 0; i < fields.length; i++) {
            widen[i] = output.type(i).kind();
        }
    }

    @Override
    public void accept(Row row) throws IOException {
        for (int i = 0; i < fields.length; i++) {
            copy(row, fields[i], out, i, widen[i]);
        }
        next.accept(out);
    }

    /** Copies field {@code from} of {@code in} into field {@code to} of {@code out}, widening to {@code kind}. */
    static void copy(Row in, int from, Row out, int to, HiveType.Kind kind) {
        if (in.isNull(from)) {
            out.setNull(to);
        } else if (kind.isInteger()) {
            out.setLong(to, in.getLong(from));
        } else {
            out.set(to, convert(in.get(from), kind));
        }
    }

    private static Object convert(Object v, HiveType.Kind kind) {
        return switch (kind) {
            case DOUBLE -> v instanceof Double ? v : Double.valueOf(((Number) v).doubleValue());
            case FLOAT -> v instanceof Float ? v : Float.valueOf(((Number) v).floatValue());
            case DECIMAL -> v instanceof BigDecimal ? v : new BigDecimal(v.toString());
            default -> v;
        };
    }
}
