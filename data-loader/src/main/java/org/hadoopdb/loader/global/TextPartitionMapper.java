package org.hadoopdb.loader.global;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.hadoopdb.loader.text.TextFormat;

/** The Global Hasher over delimited text: one record per line; header lines and a UTF-8 byte order mark skipped. */
public final class TextPartitionMapper extends PartitionMapper<LongWritable, LineBlock> {
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
    protected void map(LongWritable offset, LineBlock block, Context ctx) throws IOException {
        byte[] b = block.bytes();
        for (int i = 0; i < block.count(); i++) {
            countRecord();
            if (fileStart && recordNumber <= headerLines) {
                continue;
            }
            int start = block.start(i);
            int end = block.end(i);
            if (fileStart && recordNumber == 1 && utf8 && end - start >= 3 && b[start] == (byte) 0xEF && b[start + 1] == (byte) 0xBB
                    && b[start + 2] == (byte) 0xBF) {
                start += 3;
            }
            String reason = records.parseLine(b, start, end, line);
            if (reason == null) {
                accept();
            } else {
                reject(reason, b, start, end - start, records.keyOfRejectedLine(b, start, end));
            }
        }
    }
}
