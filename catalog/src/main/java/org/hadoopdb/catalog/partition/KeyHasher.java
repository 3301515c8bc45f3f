package org.hadoopdb.catalog.partition;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.PartitioningScheme;

/**
 * The partitioning hash of a scheme: which node (global hash) and which chunk on that node (local
 * hash, a different seed) a key goes to. The same key gives the same chunk on every load, machine
 * and JVM, because each key family has one fixed byte encoding and the hash is MurmurHash3 (x86,
 * 32-bit) with the scheme's recorded seeds. The loader places rows with it; the planner uses it to
 * prune chunks for {@code key = literal}.
 *
 * <p>Encoding of a key (all integers big-endian), per column: a byte 0 for NULL, or a byte 1 then
 * the family's payload prefixed by its 4-byte length:
 * <ul>
 *   <li>INTEGER: the value as an 8-byte long (so tinyint, int and bigint keys agree);
 *   <li>DECIMAL: the scale (4 bytes) then the unscaled two's-complement bytes of the value with
 *       trailing zeros stripped (so 1.50 and 1.5 agree);
 *   <li>FLOATING: the IEEE-754 bits of the value as a double, with -0.0 as 0.0 and one NaN;
 *   <li>STRING: UTF-8 bytes (CHAR values without trailing spaces, as they compare);
 *   <li>BOOLEAN: one byte, 1 or 0; DATE: days since 1970-01-01 as a long;
 *   <li>TIMESTAMP: seconds since 1970-01-01T00:00 (as a local date-time) as a long, then nanos as an int;
 *   <li>BINARY: the bytes.
 * </ul>
 *
 * <p>Values are the Java forms used throughout HadoopDB: {@link Number} for integers, floating
 * point and {@link BigDecimal}, {@link String}, {@link Boolean}, {@link LocalDate},
 * {@link LocalDateTime} and {@code byte[]}.
 */
public final class KeyHasher {
    private final PartitioningScheme scheme;
    private final List<HiveType> keyTypes;
    private final HashFunction global;
    private final HashFunction local;

    /**
     * @param scheme   the partitioning scheme (seeds, node count, chunks per node)
     * @param keyTypes the declared types of the key columns of the table being hashed
     */
    public KeyHasher(PartitioningScheme scheme, List<HiveType> keyTypes) {
        if (!scheme.isHashed()) {
            throw new CatalogException("Partitioning scheme '" + scheme.id() + "' has no key to hash");
        }
        if (keyTypes.size() != scheme.keyFamilies().size()) {
            throw new CatalogException("Partitioning scheme '" + scheme.id() + "' hashes " + scheme.keyFamilies().size()
                    + " key columns, got " + keyTypes.size());
        }
        for (int i = 0; i < keyTypes.size(); i++) {
            if (KeyFamily.of(keyTypes.get(i)) != scheme.keyFamilies().get(i)) {
                throw new CatalogException("Key column " + (i + 1) + " has type " + keyTypes.get(i) + " but partitioning scheme '"
                        + scheme.id() + "' hashes " + scheme.keyFamilies().get(i));
            }
        }
        this.scheme = scheme;
        this.keyTypes = List.copyOf(keyTypes);
        this.global = Hashing.murmur3_32_fixed(scheme.globalSeed());
        this.local = Hashing.murmur3_32_fixed(scheme.localSeed());
    }

    /** The node position (index into {@code scheme.nodes()}) of a key. */
    public int node(Object... key) {
        return Math.floorMod(global.hashBytes(encode(key)).asInt(), scheme.nodeCount());
    }

    /** The global chunk index (0 .. chunkCount-1) of a key: its node's chunks, then the local hash. */
    public int chunk(Object... key) {
        byte[] bytes = encode(key);
        int node = Math.floorMod(global.hashBytes(bytes).asInt(), scheme.nodeCount());
        int localChunk = Math.floorMod(local.hashBytes(bytes).asInt(), scheme.chunksPerNode());
        return node * scheme.chunksPerNode() + localChunk;
    }

    /** The local chunk (0 .. chunksPerNode-1) of a key within its node: what the Local Hasher computes. */
    public int localChunk(Object... key) {
        return Math.floorMod(local.hashBytes(encode(key)).asInt(), scheme.chunksPerNode());
    }

    /** The canonical byte encoding of a key (see the class comment). */
    public byte[] encode(Object... key) {
        if (key.length != keyTypes.size()) {
            throw new CatalogException("Expected a key of " + keyTypes.size() + " values, got " + key.length);
        }
        // Sized exactly and filled in place: the loader encodes every row's key, so this is hot.
        byte[][] payloads = new byte[key.length][];
        int size = 0;
        for (int i = 0; i < key.length; i++) {
            if (key[i] == null) {
                size += 1;
            } else {
                payloads[i] = payload(keyTypes.get(i), key[i]);
                size += 5 + payloads[i].length;
            }
        }
        byte[] out = new byte[size];
        int pos = 0;
        for (byte[] payload : payloads) {
            if (payload == null) {
                out[pos++] = 0;
                continue;
            }
            int n = payload.length;
            out[pos] = 1;
            out[pos + 1] = (byte) (n >>> 24);
            out[pos + 2] = (byte) (n >>> 16);
            out[pos + 3] = (byte) (n >>> 8);
            out[pos + 4] = (byte) n;
            System.arraycopy(payload, 0, out, pos + 5, n);
            pos += 5 + n;
        }
        return out;
    }

    private static byte[] payload(HiveType type, Object v) {
        try {
            return switch (KeyFamily.of(type)) {
                case INTEGER -> ByteBuffer.allocate(8).putLong(((Number) v).longValue()).array();
                case DECIMAL -> decimal(v instanceof BigDecimal d ? d : new BigDecimal(v.toString()));
                case FLOATING -> ByteBuffer.allocate(8).putLong(doubleBits(((Number) v).doubleValue())).array();
                case STRING -> (type.kind() == HiveType.Kind.CHAR ? stripTrailingSpaces((String) v) : (String) v)
                        .getBytes(StandardCharsets.UTF_8);
                case BOOLEAN -> new byte[] {(byte) (((Boolean) v) ? 1 : 0)};
                case DATE -> ByteBuffer.allocate(8).putLong(((LocalDate) v).toEpochDay()).array();
                case TIMESTAMP -> {
                    LocalDateTime t = (LocalDateTime) v;
                    yield ByteBuffer.allocate(12).putLong(t.toEpochSecond(ZoneOffset.UTC)).putInt(t.getNano()).array();
                }
                case BINARY -> (byte[]) v;
            };
        } catch (ClassCastException e) {
            throw new CatalogException("A key value of Java type " + v.getClass().getSimpleName()
                    + " cannot be hashed as " + type, e);
        }
    }

    private static byte[] decimal(BigDecimal d) {
        BigDecimal canonical = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        BigInteger unscaled = canonical.unscaledValue();
        byte[] digits = unscaled.toByteArray();
        return ByteBuffer.allocate(4 + digits.length).putInt(canonical.scale()).put(digits).array();
    }

    private static long doubleBits(double d) {
        // -0.0 == 0.0 in SQL, and every NaN is the same key
        return d == 0.0 ? 0L : Double.doubleToLongBits(d);
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
