package org.hadoopdb.catalog.config;

import java.util.Locale;

/**
 * A byte count for people, in binary multiples with one decimal: {@code 512 B}, {@code 1.5 KB},
 * {@code 2.0 GB} (the units the configuration's sizes are written in). Always with a '.' as the decimal
 * point, whatever the default locale, so output reads the same on every machine.
 */
public final class ByteSizeText {
    private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB"};

    private ByteSizeText() {
    }

    /** 1536 → {@code "1.5 KB"}; {@code "?"} for a negative count (a size nobody could measure). */
    public static String format(long n) {
        if (n < 0) {
            return "?";
        }
        double v = n;
        int u = 0;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? n + " B" : String.format(Locale.ROOT, "%.1f %s", v, UNITS[u]);
    }
}
