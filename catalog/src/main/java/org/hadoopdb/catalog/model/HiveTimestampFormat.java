package org.hadoopdb.catalog.model;

import java.time.LocalDateTime;

/**
 * A TIMESTAMP as Hive writes it as text: {@code yyyy-MM-dd HH:mm:ss[.fffffffff]}, the fraction
 * without trailing zeros and left out for a whole second. The date part is written as
 * {@link java.time.LocalDate#toString()} writes it, so a timestamp's text starts with the text of its
 * date also outside the years 0000 to 9999 ({@code +10000-01-01}, {@code -0044-03-15}).
 *
 * <p>The one formatter for every place that shows a timestamp: CAST to STRING, the shell's and
 * {@code INSERT OVERWRITE DIRECTORY}'s output, {@code Row.toString()} and column statistics.
 */
public final class HiveTimestampFormat {
    private HiveTimestampFormat() {
    }

    /** The text of {@code t}. */
    public static String format(LocalDateTime t) {
        return appendTo(new StringBuilder(29), t).toString();
    }

    /** Appends the text of {@code t} to {@code sb} and returns {@code sb}. */
    public static StringBuilder appendTo(StringBuilder sb, LocalDateTime t) {
        sb.append(t.toLocalDate()).append(' ');
        pad2(sb, t.getHour()).append(':');
        pad2(sb, t.getMinute()).append(':');
        pad2(sb, t.getSecond());
        int nanos = t.getNano();
        if (nanos != 0) {
            String digits = Integer.toString(1_000_000_000 + nanos).substring(1);
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            sb.append('.').append(digits, 0, end);
        }
        return sb;
    }

    private static StringBuilder pad2(StringBuilder sb, int v) {
        if (v < 10) {
            sb.append('0');
        }
        return sb.append(v);
    }
}
