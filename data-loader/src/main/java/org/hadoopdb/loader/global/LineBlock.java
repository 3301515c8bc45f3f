package org.hadoopdb.loader.global;

import java.io.DataInput;
import java.io.DataOutput;
import java.util.Arrays;
import org.apache.hadoop.io.Writable;

/**
 * A batch of consecutive input lines (without their terminators), so the map task pays the
 * framework's per-record costs (progress tracking, counters, context calls) once per thousands of
 * lines instead of once per line. Only passed from a record reader to its mapper, never serialised.
 */
public final class LineBlock implements Writable {
    private byte[] bytes = new byte[LineBlockInputFormat.BLOCK_BYTES + 64 * 1024];
    private int[] ends = new int[LineBlockInputFormat.BLOCK_LINES];
    private int count;
    private int length;

    public void clear() {
        count = 0;
        length = 0;
    }

    void add(byte[] b, int len) {
        if (length + len > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + len));
        }
        if (count == ends.length) {
            ends = Arrays.copyOf(ends, count * 2);
        }
        System.arraycopy(b, 0, bytes, length, len);
        length += len;
        ends[count++] = length;
    }

    /** Lines in the block. */
    public int count() {
        return count;
    }

    /** Bytes held (all lines). */
    public int length() {
        return length;
    }

    /** The backing array; line {@code i} is {@code [start(i), end(i))}. */
    public byte[] bytes() {
        return bytes;
    }

    public int start(int line) {
        return line == 0 ? 0 : ends[line - 1];
    }

    public int end(int line) {
        return ends[line];
    }

    @Override
    public void write(DataOutput out) {
        throw new UnsupportedOperationException("a LineBlock only passes from a record reader to its mapper");
    }

    @Override
    public void readFields(DataInput in) {
        throw new UnsupportedOperationException("a LineBlock only passes from a record reader to its mapper");
    }
}
