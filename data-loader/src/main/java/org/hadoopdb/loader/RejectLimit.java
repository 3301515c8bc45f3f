package org.hadoopdb.loader;

import java.util.Locale;

/**
 * How many rejected input records a load tolerates: a count ({@code 100}) or a percentage of the
 * records read ({@code 0.5%}). Past it the load fails and publishes nothing.
 *
 * @param count   the tolerated count (when not a percentage)
 * @param percent the tolerated percentage (when {@code isPercent})
 * @param isPercent whether the limit is relative
 */
public record RejectLimit(long count, double percent, boolean isPercent) {
    public static final RejectLimit NONE = new RejectLimit(0, 0, false);

    public RejectLimit {
        if (count < 0 || percent < 0 || percent > 100 || Double.isNaN(percent)) {
            throw new LoaderException("A reject limit must be a count >= 0 or a percentage between 0% and 100%");
        }
    }

    /** {@code "100"} or {@code "2.5%"}. */
    public static RejectLimit parse(String text) {
        String t = text == null ? "" : text.trim();
        try {
            if (t.endsWith("%")) {
                return new RejectLimit(0, Double.parseDouble(t.substring(0, t.length() - 1).trim()), true);
            }
            return new RejectLimit(Long.parseLong(t), 0, false);
        } catch (NumberFormatException e) {
            throw new LoaderException("Max rejects must be a whole number (e.g. 100) or a percentage (e.g. 0.5%), got '" + text + "'", e);
        }
    }

    /** True when {@code rejected} of {@code records} records exceed the limit. */
    public boolean exceededBy(long rejected, long records) {
        if (isPercent) {
            return rejected > 0 && rejected * 100.0 > percent * Math.max(1, records);
        }
        return rejected > count;
    }

    @Override
    public String toString() {
        return isPercent ? String.format(Locale.ROOT, "%s%%", stripZeros(percent)) : Long.toString(count);
    }

    private static String stripZeros(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
