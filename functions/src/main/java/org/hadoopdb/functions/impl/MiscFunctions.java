package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.ANY;
import static org.hadoopdb.functions.ArgKind.INT;
import static org.hadoopdb.functions.ArgKind.INTEGER_OR_STRING;
import static org.hadoopdb.functions.ArgKind.STRING;
import static org.hadoopdb.functions.ArgKind.STRING_OR_BINARY;
import static org.hadoopdb.functions.FunctionDefinition.function;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;
import org.hadoopdb.functions.PgTemplates;
import org.hadoopdb.functions.PostgresForm;

/** Hive's digest and number-base functions: their definitions, and their implementations for generated code. */
public final class MiscFunctions {
    private static final HexFormat LOWER = HexFormat.of();
    private static final HexFormat UPPER = HexFormat.of().withUpperCase();

    private MiscFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                function("current_database", "current_database()", "The session's current database (USE)")
                        .params(0).returns(HiveReturnTypes.STRING).nondeterministic()
                        .notPushed("current_database is fixed to the session's database when the query is planned")
                        .inline(),
                function("md5", "md5(string|binary x)", "The MD5 digest of x (of its UTF-8 bytes) in hex")
                        .params(1, STRING_OR_BINARY).returns(HiveReturnTypes.STRING)
                        .postgres(call -> PostgresForm.sql(PgTemplates.string(call.operands.get(0)) ? "MD5({0})"
                                : "MD5(CAST({0} AS BYTEA))"))
                        .implementedBy(MiscFunctions.class),
                function("sha2", "sha2(string|binary x, int bits)",
                        "The SHA-2 digest (bits 224, 256, 384 or 512; 0 means 256) of x in hex; NULL for other bits")
                        .params(2, STRING_OR_BINARY, INT).returns(HiveReturnTypes.STRING).postgres(MiscFunctions::sha2InPostgres)
                        .implementedBy(MiscFunctions.class),
                function("hex", "hex(bigint|string|binary x)", "x in hexadecimal: a number's two's complement, a string's UTF-8 bytes")
                        .params(1, ANY).returns(HiveReturnTypes.STRING).postgres(MiscFunctions::hexInPostgres)
                        .implementedBy(MiscFunctions.class),
                function("unhex", "unhex(string hex)", "The bytes the hexadecimal digits stand for; NULL if not hex")
                        .params(1, STRING).returns(HiveReturnTypes.BINARY)
                        .notPushed("unhex has no PostgreSQL equivalent with Hive's semantics")
                        .implementedBy(MiscFunctions.class),
                function("conv", "conv(bigint|string num, int from, int to)",
                        "num converted from base from to base to (2 to 36; a negative to gives a signed result)")
                        .params(3, INTEGER_OR_STRING, INT, INT).returns(HiveReturnTypes.STRING)
                        .notPushed("conv has no PostgreSQL equivalent with Hive's semantics")
                        .implementedBy(MiscFunctions.class));
    }

    private static PostgresForm sha2InPostgres(RexCall call) {
        Integer bits = PgTemplates.intLiteral(call.operands.get(1));
        if (bits == null || !List.of(0, 224, 256, 384, 512).contains(bits)) {
            return PostgresForm.notPushed("sha2 with a computed or unsupported bit length");
        }
        String bytes = PgTemplates.string(call.operands.get(0)) ? "CONVERT_TO({0}, 'UTF8')" : "{0}";
        return PostgresForm.sql("ENCODE(SHA" + (bits == 0 ? 256 : bits) + "(" + bytes + "), 'hex')");
    }

    private static PostgresForm hexInPostgres(RexCall call) {
        RexNode x = call.operands.get(0);
        if (PgTemplates.string(x)) {
            return PostgresForm.sql("UPPER(ENCODE(CONVERT_TO({0}, 'UTF8'), 'hex'))");
        }
        if (SqlTypeUtil.isIntType(x.getType())) {
            return PostgresForm.sql("UPPER(TO_HEX(CAST({0} AS BIGINT)))");
        }
        if (SqlTypeUtil.isBinary(x.getType())) {
            return PostgresForm.sql("UPPER(ENCODE({0}, 'hex'))");
        }
        return PostgresForm.notPushed("hex of " + x.getType().getSqlTypeName());
    }

    public static String md5(String s) {
        return md5(s.getBytes(StandardCharsets.UTF_8));
    }

    public static String md5(byte[] b) {
        return LOWER.formatHex(digest("MD5", b));
    }

    public static String sha2(String s, int bits) {
        return sha2(s.getBytes(StandardCharsets.UTF_8), bits);
    }

    /** SHA-224/256/384/512 in lower-case hex; 0 means 256; any other length is NULL. */
    public static String sha2(byte[] b, int bits) {
        String algorithm = switch (bits) {
            case 0, 256 -> "SHA-256";
            case 224 -> "SHA-224";
            case 384 -> "SHA-384";
            case 512 -> "SHA-512";
            default -> null;
        };
        return algorithm == null ? null : LOWER.formatHex(digest(algorithm, b));
    }

    private static byte[] digest(String algorithm, byte[] b) {
        try {
            return MessageDigest.getInstance(algorithm).digest(b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JVM lacks " + algorithm + ", which every Java runtime must provide", e);
        }
    }

    /** A number in upper-case hex, negative numbers as their 64-bit two's complement. */
    public static String hex(long v) {
        return Long.toHexString(v).toUpperCase(Locale.ROOT);
    }

    public static String hex(String s) {
        return hex(s.getBytes(StandardCharsets.UTF_8));
    }

    public static String hex(byte[] b) {
        return UPPER.formatHex(b);
    }

    /** The bytes of hexadecimal text (an odd length gets a leading 0); NULL when it is not hex. */
    public static byte[] unhex(String s) {
        String t = s.length() % 2 == 1 ? "0" + s : s;
        for (int i = 0; i < t.length(); i++) {
            if (Character.digit(t.charAt(i), 16) < 0) {
                return null;
            }
        }
        return LOWER.parseHex(t);
    }

    public static String conv(long num, int from, int to) {
        return conv(Long.toString(num), from, to);
    }

    /**
     * Hive's conv: reads {@code num} in base {@code from} (up to the first character that is not a
     * digit of it), writes it in base {@code |to|}: as an unsigned 64-bit number when {@code to} is
     * positive, signed when negative. Bases outside 2..36 give NULL.
     */
    public static String conv(String num, int from, int to) {
        int fromBase = Math.abs(from);
        int toBase = Math.abs(to);
        if (fromBase < 2 || fromBase > 36 || toBase < 2 || toBase > 36) {
            return null;
        }
        String s = num.trim();
        boolean negative = s.startsWith("-");
        int i = negative ? 1 : 0;
        long v = 0;
        int digits = 0;
        for (; i < s.length(); i++) {
            int d = Character.digit(s.charAt(i), fromBase);
            if (d < 0) {
                break;
            }
            v = v * fromBase + d;
            digits++;
        }
        if (digits == 0) {
            return null;
        }
        if (negative) {
            v = -v;
        }
        String out = to < 0 ? Long.toString(v, toBase) : Long.toUnsignedString(v, toBase);
        return out.toUpperCase(Locale.ROOT);
    }
}
