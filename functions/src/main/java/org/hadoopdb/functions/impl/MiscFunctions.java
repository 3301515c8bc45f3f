package org.hadoopdb.functions.impl;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** Hive's digest and number-base functions for generated code. */
public final class MiscFunctions {
    private static final HexFormat LOWER = HexFormat.of();
    private static final HexFormat UPPER = HexFormat.of().withUpperCase();

    private MiscFunctions() {
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
