package org.hadoopdb.connector.row;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * A MapReduce shuffle key whose bytes sort in SQL order: the key columns of a row encoded by a
 * {@link SortKeyCodec} (see {@link OrderedBytes} for the per-type encodings). Because the bytes
 * alone decide the order, the registered raw comparator sorts serialized keys with one unsigned
 * byte comparison, without deserializing and without knowing the key's types.
 *
 * <p>Serialized form: the key length (Hadoop VInt), the group-prefix length (VInt), the key bytes.
 * The group prefix is the encoding of the first {@link SortKeySpec#groupColumns()} columns.
 *
 * <h2>Use in a job</h2>
 * <pre>{@code
 * job.setMapOutputKeyClass(SortKey.class);        // sorted by SortKey.Comparator, registered here
 * job.setPartitionerClass(SortKeyPartitioner.class);
 * // secondary sort: reduce() sees one call per group of the first spec.groupColumns() columns,
 * // with the values ordered by the remaining columns
 * job.setGroupingComparatorClass(SortKey.GroupComparator.class);
 * }</pre>
 * The partitioner hashes the group prefix only, so a group never spans reducers, and equal values
 * of different representation (1.50 and 1.5, -0.0 and 0.0, 7 as INT and as BIGINT) meet.
 */
public final class SortKey implements WritableComparable<SortKey> {

    static {
        WritableComparator.define(SortKey.class, new Comparator());
    }

    final ByteBuilder bytes = new ByteBuilder(32);
    int groupLength;

    public SortKey() {
    }

    /** Length of the key bytes. */
    public int length() {
        return bytes.length();
    }

    /**
     * The first eight key bytes as an unsigned big-endian number, zero-padded: for two keys,
     * {@code Long.compareUnsigned(a.prefix(), b.prefix())} is the sign of {@code a.compareTo(b)} when
     * not zero, so a sort can order most keys by one number and compare the bytes of ties only.
     */
    public long prefix() {
        return prefix(bytes.array(), 0, bytes.length());
    }

    /** The eight bytes of {@code b} from {@code from} (not past {@code end}) as an unsigned big-endian number, zero-padded. */
    public static long prefix(byte[] b, int from, int end) {
        int n = Math.min(8, end - from);
        long p = 0;
        for (int i = 0; i < n; i++) {
            p |= (b[from + i] & 0xFFL) << (56 - 8 * i);
        }
        return p;
    }

    /** Length of the group prefix: the encoding of the grouping columns. */
    public int groupLength() {
        return groupLength;
    }

    /** A copy of the key bytes. */
    public byte[] toByteArray() {
        return bytes.toByteArray();
    }

    /** Makes this key a copy of {@code other}. */
    public void set(SortKey other) {
        bytes.reset();
        bytes.put(other.bytes.array(), 0, other.bytes.length());
        groupLength = other.groupLength;
    }

    /** A new key with the same bytes. */
    public SortKey copy() {
        SortKey k = new SortKey();
        k.set(this);
        return k;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, bytes.length());
        WritableUtils.writeVInt(out, groupLength);
        out.write(bytes.array(), 0, bytes.length());
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        int len = WritableUtils.readVInt(in);
        int group = WritableUtils.readVInt(in);
        if (len < 0 || group < 0 || group > len) {
            throw new IOException("Malformed sort key: length " + len + ", group prefix " + group);
        }
        bytes.reset();
        bytes.setLength(len);
        in.readFully(bytes.array(), 0, len);
        groupLength = group;
    }

    @Override
    public int compareTo(SortKey o) {
        return Arrays.compareUnsigned(bytes.array(), 0, bytes.length(), o.bytes.array(), 0, o.bytes.length());
    }

    /** Compares the group prefixes only: equal when the grouping columns are equal. */
    public int compareGroup(SortKey o) {
        return Arrays.compareUnsigned(bytes.array(), 0, groupLength, o.bytes.array(), 0, o.groupLength);
    }

    /** A well-mixed hash of the group prefix: what {@link SortKeyPartitioner} partitions on. */
    public int groupHash() {
        return hash(bytes.array(), 0, groupLength);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SortKey k && compareTo(k) == 0;
    }

    /** A hash of the whole key (Hadoop's default {@code HashPartitioner} uses it). */
    @Override
    public int hashCode() {
        return hash(bytes.array(), 0, bytes.length());
    }

    /** The key bytes in hex, the group prefix marked with {@code |}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SortKey[");
        byte[] b = bytes.array();
        for (int i = 0; i < bytes.length(); i++) {
            if (i == groupLength && groupLength < bytes.length()) {
                sb.append('|');
            }
            sb.append(Character.forDigit((b[i] >> 4) & 0xF, 16)).append(Character.forDigit(b[i] & 0xF, 16));
        }
        return sb.append(']').toString();
    }

    /** 31-based hash finished with MurmurHash3's mixer, so nearby keys spread over reducers. */
    static int hash(byte[] b, int off, int len) {
        int h = len;
        for (int i = off; i < off + len; i++) {
            h = 31 * h + b[i];
        }
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    /** Offset of the key bytes in a serialized key starting at {@code s} (after its two lengths). */
    public static int bytesStart(byte[] b, int s) {
        int n1 = WritableUtils.decodeVIntSize(b[s]);
        return s + n1 + WritableUtils.decodeVIntSize(b[s + n1]);
    }

    /** The group-prefix length of a serialized key starting at {@code s}. */
    private static int serializedGroupLength(byte[] b, int s) {
        try {
            return WritableComparator.readVInt(b, s + WritableUtils.decodeVIntSize(b[s]));
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed serialized sort key", e);
        }
    }

    /** The raw comparator Hadoop sorts {@link SortKey}s with: one unsigned comparison of the key bytes. */
    public static final class Comparator extends WritableComparator {
        public Comparator() {
            super(SortKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            // l1 and l2 are the serialized lengths, so the key bytes run to s + l
            return Arrays.compareUnsigned(b1, bytesStart(b1, s1), s1 + l1, b2, bytesStart(b2, s2), s2 + l2);
        }

        @SuppressWarnings("rawtypes")
        @Override
        public int compare(WritableComparable a, WritableComparable b) {
            return ((SortKey) a).compareTo((SortKey) b);
        }
    }

    /**
     * Groups keys by their group prefix, for secondary sort:
     * {@code job.setGroupingComparatorClass(SortKey.GroupComparator.class)}. Consistent with the
     * sort order, because the prefix encodings are themselves prefix-free.
     */
    public static final class GroupComparator extends WritableComparator {
        public GroupComparator() {
            super(SortKey.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            int start1 = bytesStart(b1, s1);
            int start2 = bytesStart(b2, s2);
            int group1 = serializedGroupLength(b1, s1);
            int group2 = serializedGroupLength(b2, s2);
            return Arrays.compareUnsigned(b1, start1, start1 + group1, b2, start2, start2 + group2);
        }

        @SuppressWarnings("rawtypes")
        @Override
        public int compare(WritableComparable a, WritableComparable b) {
            return ((SortKey) a).compareGroup((SortKey) b);
        }
    }
}
