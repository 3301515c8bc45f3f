package org.hadoopdb.loader.physical;

import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * The PostgreSQL names of chunk tables, as docs/physical-layout.md defines them: every copy of a
 * chunk is a table named after the logical table in a schema of its own.
 *
 * <pre>
 * t_uservisits_g3_c0007      chunk 7 of generation 3 of table uservisits
 * t_nation_g1_r              the copy of replicated table nation on every node
 * s_uservisits_lq3x9k2ab_c0007  a load's staging data before publication
 * </pre>
 *
 * A name longer than PostgreSQL's 63-byte identifier limit is shortened to its first 50 bytes plus
 * an 8-hex-digit hash (MurmurHash3, 32 bits) of the full name; the catalog records the shortened name.
 */
public final class PhysicalNames {
    public static final int MAX_IDENTIFIER_BYTES = 63;
    static final int KEPT_BYTES = 50;
    private static final SecureRandom RANDOM = new SecureRandom();

    private PhysicalNames() {
    }

    /** The schema of chunk {@code chunk} of generation {@code generation} of hashed (or random) table {@code table}. */
    public static String chunkSchema(String table, long generation, int chunk) {
        return shorten("t_" + table + "_g" + generation + "_c" + pad(chunk));
    }

    /** The schema of every node's copy of generation {@code generation} of replicated table {@code table}. */
    public static String replicatedSchema(String table, long generation) {
        return shorten("t_" + table + "_g" + generation + "_r");
    }

    /** The staging schema of chunk {@code chunk} in load {@code loadId}. */
    public static String stagingChunkSchema(String table, String loadId, int chunk) {
        return shorten("s_" + table + "_" + loadId + "_c" + pad(chunk));
    }

    /** The staging schema of a replicated table's copies in load {@code loadId}. */
    public static String stagingReplicatedSchema(String table, String loadId) {
        return shorten("s_" + table + "_" + loadId + "_r");
    }

    /** The name of an index on a chunk table (unique within the chunk's schema). */
    public static String indexName(String table, String what) {
        return shorten(table + "_" + what + "_idx");
    }

    /** A new load id: short, lower-case, unique (time plus randomness), e.g. {@code lq3x9k2ab7}. */
    public static String newLoadId() {
        return "l" + Long.toString(System.currentTimeMillis(), 36) + Integer.toString(RANDOM.nextInt(36 * 36 * 36), 36);
    }

    /** {@code name} itself, or its first 50 bytes plus the 8-hex-digit hash of all of it when longer than 63 bytes. */
    public static String shorten(String name) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        if (utf8.length <= MAX_IDENTIFIER_BYTES) {
            return name;
        }
        int end = KEPT_BYTES;
        while (end > 0 && (utf8[end] & 0xC0) == 0x80) {
            end--; // keep whole characters
        }
        String hash = String.format(Locale.ROOT, "%08x", Hashing.murmur3_32_fixed().hashBytes(utf8).asInt());
        return new String(utf8, 0, end, StandardCharsets.UTF_8) + hash;
    }

    /** A quoted SQL identifier. */
    public static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /** {@code "schema"."table"}. */
    public static String qualified(String schema, String table) {
        return quote(schema) + "." + quote(table);
    }

    private static String pad(int chunk) {
        return String.format(Locale.ROOT, "%04d", chunk);
    }
}
