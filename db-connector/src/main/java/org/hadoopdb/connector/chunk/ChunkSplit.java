package org.hadoopdb.connector.chunk;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.InputSplit;
import org.hadoopdb.connector.row.RowSchema;

/**
 * One chunk's share of a {@link ChunkQuery}: everything a task needs to read it, so that tasks never
 * read the catalog. The copies come in failover order (primary first, unless the planner found it
 * unreachable); task attempt {@code a} starts at copy {@code a mod copies}.
 */
public final class ChunkSplit extends InputSplit implements Writable {
    private String table;
    private int chunk;
    private String sql;
    private RowSchema schema;
    private List<ChunkCopy> copies;
    private List<EmptyTable> emptyTables;
    private long rows;
    private long bytes;

    /** For Hadoop, which creates splits empty and fills them with {@link #readFields}. */
    public ChunkSplit() {
    }

    public ChunkSplit(String table, int chunk, String sql, RowSchema schema, List<ChunkCopy> copies,
                      List<EmptyTable> emptyTables, long rows, long bytes) {
        this.table = table == null ? "" : table;
        this.chunk = chunk;
        this.sql = sql;
        this.schema = schema;
        this.copies = List.copyOf(copies);
        this.emptyTables = List.copyOf(emptyTables);
        this.rows = rows;
        this.bytes = bytes;
    }

    /** The driving table ("" for a statement over no table). */
    public String table() {
        return table;
    }

    public int chunk() {
        return chunk;
    }

    public String sql() {
        return sql;
    }

    public RowSchema schema() {
        return schema;
    }

    public List<ChunkCopy> copies() {
        return copies;
    }

    /** Tables the statement names that were never loaded: bound to empty temporary tables. */
    public List<EmptyTable> emptyTables() {
        return emptyTables;
    }

    /** Rows in the chunk (the catalog's count): the denominator of a task's progress. */
    public long rows() {
        return rows;
    }

    /** This split with its copies in a new order (planning moves unreachable nodes last). */
    public ChunkSplit withCopies(List<ChunkCopy> reordered) {
        return new ChunkSplit(table, chunk, sql, schema, reordered, emptyTables, rows, bytes);
    }

    /** The chunk's size on disk: Hadoop starts the biggest splits first. */
    @Override
    public long getLength() {
        return bytes;
    }

    /** The hosts holding a copy, in failover order, so tasks are scheduled next to their data. */
    @Override
    public String[] getLocations() {
        Set<String> hosts = new LinkedHashSet<>();
        for (ChunkCopy c : copies) {
            hosts.add(c.node().host());
        }
        return hosts.toArray(String[]::new);
    }

    @Override
    public void write(DataOutput out) throws IOException {
        Text.writeString(out, table);
        WritableUtils.writeVInt(out, chunk);
        Text.writeString(out, sql);
        Text.writeString(out, schema.toText());
        WritableUtils.writeVInt(out, copies.size());
        for (ChunkCopy c : copies) {
            c.write(out);
        }
        WritableUtils.writeVInt(out, emptyTables.size());
        for (EmptyTable t : emptyTables) {
            Text.writeString(out, t.name());
            Text.writeString(out, t.columns());
        }
        WritableUtils.writeVLong(out, rows);
        WritableUtils.writeVLong(out, bytes);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        table = Text.readString(in);
        chunk = WritableUtils.readVInt(in);
        sql = Text.readString(in);
        schema = RowSchema.parse(Text.readString(in));
        int n = WritableUtils.readVInt(in);
        List<ChunkCopy> c = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            c.add(ChunkCopy.read(in));
        }
        copies = List.copyOf(c);
        int e = WritableUtils.readVInt(in);
        List<EmptyTable> empty = new ArrayList<>(e);
        for (int i = 0; i < e; i++) {
            empty.add(new EmptyTable(Text.readString(in), Text.readString(in)));
        }
        emptyTables = List.copyOf(empty);
        rows = WritableUtils.readVLong(in);
        bytes = WritableUtils.readVLong(in);
    }

    /** {@code uservisits chunk 7 (node2, node3)}: how errors and logs name a split. */
    @Override
    public String toString() {
        List<String> nodes = new ArrayList<>();
        copies.forEach(c -> nodes.add(c.node().id()));
        return (table.isEmpty() ? "statement" : table + " chunk " + chunk) + " (" + String.join(", ", nodes) + ")";
    }

    /** A table that has no chunks yet, with its columns as PostgreSQL DDL ({@code "a" integer, "b" text}). */
    public record EmptyTable(String name, String columns) {
    }
}
