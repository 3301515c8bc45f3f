package org.hadoopdb.loader.global;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.loader.stats.ColumnAccumulator;

/**
 * What one Global Hasher task did, written as a side file when it succeeds: its input split (to
 * number reject lines across splits), rows and bytes per chunk output (one output for a replicated
 * table), rejects per chunk, and the
 * statistics of the columns over its accepted rows.
 */
public final class MapSummary {
    /** Chunk key of rejected rows whose chunk is unknown (unreadable key, wrong field count). */
    public static final int NO_CHUNK = -1;

    String source = "";
    long splitStart;
    /** Records read from the split, header lines included: the split's line count for text. */
    long records;
    long[] rows;
    long[] bytes;
    long rejected;
    /** Reject records written to the task's reject file: every one rejected. */
    long rejectsWritten;
    final Map<Integer, Long> rejectsPerChunk = new TreeMap<>();
    ColumnAccumulator[] stats;

    MapSummary(int partitions, List<ColumnInfo> columns) {
        rows = new long[partitions];
        bytes = new long[partitions];
        stats = new ColumnAccumulator[columns.size()];
        for (int i = 0; i < stats.length; i++) {
            stats[i] = new ColumnAccumulator(columns.get(i).type());
        }
    }

    public String source() {
        return source;
    }

    public long splitStart() {
        return splitStart;
    }

    public long records() {
        return records;
    }

    public long rows(int partition) {
        return rows[partition];
    }

    public long bytes(int partition) {
        return bytes[partition];
    }

    public long rejected() {
        return rejected;
    }

    public long rejectsWritten() {
        return rejectsWritten;
    }

    public Map<Integer, Long> rejectsPerChunk() {
        return rejectsPerChunk;
    }

    public ColumnAccumulator[] stats() {
        return stats;
    }

    void write(DataOutput out) throws IOException {
        out.writeUTF(source);
        out.writeLong(splitStart);
        out.writeLong(records);
        out.writeInt(rows.length);
        for (int i = 0; i < rows.length; i++) {
            out.writeLong(rows[i]);
            out.writeLong(bytes[i]);
        }
        out.writeLong(rejected);
        out.writeLong(rejectsWritten);
        out.writeInt(rejectsPerChunk.size());
        for (Map.Entry<Integer, Long> e : rejectsPerChunk.entrySet()) {
            out.writeInt(e.getKey());
            out.writeLong(e.getValue());
        }
        for (ColumnAccumulator a : stats) {
            a.write(out);
        }
    }

    /** Reads a summary written by a task of a load of a table with {@code columns}. */
    public static MapSummary read(DataInput in, List<ColumnInfo> columns) throws IOException {
        String source = in.readUTF();
        long start = in.readLong();
        long records = in.readLong();
        int partitions = in.readInt();
        MapSummary s = new MapSummary(partitions, columns);
        s.source = source;
        s.splitStart = start;
        s.records = records;
        for (int i = 0; i < partitions; i++) {
            s.rows[i] = in.readLong();
            s.bytes[i] = in.readLong();
        }
        s.rejected = in.readLong();
        s.rejectsWritten = in.readLong();
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            s.rejectsPerChunk.put(in.readInt(), in.readLong());
        }
        for (ColumnAccumulator a : s.stats) {
            a.readFields(in);
        }
        return s;
    }
}
