package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.time.LocalDateTime;

/**
 * Hive's order of the values generated code cannot compare with Java's operators: strings in
 * code-point order, binary as unsigned bytes, decimals by value.
 */
public final class HiveComparisons {
    private HiveComparisons() {
    }

    /** Code-point order (UTF-8 byte order), as Hive compares text; {@link String#compareTo} orders UTF-16 units. */
    public static int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                boolean sx = Character.isSurrogate(x);
                boolean sy = Character.isSurrogate(y);
                if (sx == sy) {
                    return x - y;
                }
                // a surrogate (a code point above U+FFFF) sorts after every BMP character
                return sx ? 1 : -1;
            }
        }
        return a.length() - b.length();
    }

    public static int compare(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }

    public static int compare(BigDecimal a, BigDecimal b) {
        return a.compareTo(b);
    }

    public static int compare(LocalDateTime a, LocalDateTime b) {
        return a.compareTo(b);
    }

    public static int compare(boolean a, boolean b) {
        return Boolean.compare(a, b);
    }

    /** Equality of decimals by value ({@code 1.0 = 1.00}). */
    public static boolean equal(BigDecimal a, BigDecimal b) {
        return a.compareTo(b) == 0;
    }
}
