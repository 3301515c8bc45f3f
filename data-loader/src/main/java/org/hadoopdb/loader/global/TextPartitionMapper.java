package org.hadoopdb.loader.global;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.hadoopdb.loader.text.TextFormat;

/** The Global Hasher over delimited text: one record per line; header lines and a UTF-8 byte order mark skipped. */
public final class TextPartitionMapper extends PartitionMapper<LongWritable, Text> {
    private int headerLines;
    private boolean fileStart;
    private boolean utf8;

    @Override
    protected void setup(Context ctx) {
        super.setup(ctx);
        TextFormat format = format(ctx.getConfiguration());
        headerLines = format.headerLines();
        utf8 = format.isUtf8();
        fileStart = summary.splitStart() == 0;
    }

    @Override
    protected void map(LongWritable offset, Text value, Context ctx) throws IOException {
        countRecord();
        if (fileStart && recordNumber <= headerLines) {
            return;
        }
        byte[] b = value.getBytes();
        int len = value.getLength();
        if (fileStart && recordNumber == 1 && utf8 && len >= 3 && b[0] == (byte) 0xEF && b[1] == (byte) 0xBB && b[2] == (byte) 0xBF) {
            b = Arrays.copyOfRange(b, 3, len);
            len -= 3;
        }
        String reason = records.parseLine(b, len, line);
        if (reason == null) {
            accept();
        } else {
            reject(reason, b, len, records.keyOfRejectedLine(b, len));
        }
    }
}
