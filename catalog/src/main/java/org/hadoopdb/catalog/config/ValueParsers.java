package org.hadoopdb.catalog.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsers for configuration values: sizes ({@code 64MB}), durations ({@code 30s}), booleans, integers. */
final class ValueParsers {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgt]?i?b?)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);

    private ValueParsers() {
    }

    static int integer(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an integer");
        }
    }

    static long longValue(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an integer");
        }
    }

    static boolean bool(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw new IllegalArgumentException("not a boolean (true/false)");
        };
    }

    /** Bytes from {@code 123}, {@code 64k}, {@code 64MB}, {@code 2GiB} (binary multiples). */
    static long bytes(String s) {
        Matcher m = SIZE.matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size (e.g. 512MB, 2GB, 65536)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "" : m.group(2).toLowerCase(Locale.ROOT);
        int shift = switch (unit.isEmpty() ? ' ' : unit.charAt(0)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        return n << shift;
    }

    /** A duration from {@code 250ms}, {@code 30s}, {@code 5m}, {@code 2h}, {@code 1d}; a bare number is seconds. */
    static Duration duration(String s) {
        Matcher m = DURATION.matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration (e.g. 250ms, 30s, 5m)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            case "d" -> Duration.ofDays(n);
            default -> Duration.ofSeconds(n);
        };
    }
}
