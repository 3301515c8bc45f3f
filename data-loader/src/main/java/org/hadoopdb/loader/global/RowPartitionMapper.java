package org.hadoopdb.loader.global;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Writable;
import org.hadoopdb.connector.row.Row;

/**
 * The Global Hasher over typed rows (sequence files of {@link Row} values, e.g. a query's output for
 * {@code INSERT ... SELECT}): the values are checked against the table's column types with the same
 * rules as text (lengths, ranges, precision) and routed like text rows.
 */
public final class RowPartitionMapper extends PartitionMapper<Writable, Row> {
    @Override
    protected void map(Writable key, Row row, Context ctx) throws IOException {
        countRecord();
        String reason = records.convertRow(row, line);
        if (reason == null) {
            accept();
        } else {
            byte[] raw = row.toString().getBytes(StandardCharsets.UTF_8);
            reject(reason, raw, 0, raw.length, null);
        }
    }
}
