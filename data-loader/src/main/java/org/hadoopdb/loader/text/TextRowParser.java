package org.hadoopdb.loader.text;

import java.util.List;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.connector.row.Row;

/**
 * Reads lines of delimited text into typed {@link Row}s with the loader's own parsing
 * ({@link RecordConverter}: Hive's text format, escapes, NULL text, the value rules of each type), for
 * reading an external table's files where they are. A line the loader would reject is rejected here,
 * for the same reason. ARRAY, MAP and STRUCT columns (Hive's nested separators, {@link NestingSeparators})
 * come out in their Java form ({@code Row.setComplex}: a {@code List} or a {@code Map}).
 *
 * <pre>{@code
 * TextRowParser parser = new TextRowParser(TextFormat.fromProperties(props), table.columns());
 * String reason = parser.parse(bytes, 0, length, row);
 * if (reason != null) { skipped++; }
 * }</pre>
 * One per task; not thread-safe.
 */
public final class TextRowParser {
    private final RecordConverter records;
    /** Only the values are wanted: a sink that keeps nothing spares the converters their COPY forms (a complex value's JSON). */
    private final ByteSink scratch = ByteSink.discarding();

    public TextRowParser(TextFormat format, List<ColumnInfo> columns) {
        int[] all = new int[columns.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        // every column is a "key": the converter then keeps each value in its Java form
        this.records = new RecordConverter(format, columns, all, true);
    }

    /**
     * Parses the line {@code line[from, to)} into {@code row} (whose schema has the columns' types).
     *
     * @return null when the line was read, else why it cannot be (the row is then unchanged or partly set)
     */
    public String parse(byte[] line, int from, int to, Row row) {
        String reason = records.parseLine(line, from, to, scratch);
        if (reason != null) {
            return reason;
        }
        Object[] values = records.keyValues();
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v == null) {
                row.setNull(i);
            } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                row.setLong(i, ((Number) v).longValue());
            } else {
                row.set(i, v);
            }
        }
        return null;
    }
}
