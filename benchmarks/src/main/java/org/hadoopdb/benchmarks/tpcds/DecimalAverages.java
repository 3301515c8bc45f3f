package org.hadoopdb.benchmarks.tpcds;

import java.util.Locale;

/**
 * Hive's average of a DECIMAL is a DECIMAL with 6 more digits of scale, rounded there
 * ({@code avg(cast(x as decimal(12,2)))} is {@code decimal(16,6)}); PostgreSQL keeps every digit. For the
 * reference, each {@code avg(cast(… as decimal(…)))} and {@code avg(c)} of a DECIMAL column {@code c} is wrapped
 * in {@code round(…, 6)}.
 */
final class DecimalAverages {
    private DecimalAverages() {
    }

    static String roundedLikeHive(String sql) {
        return columnAveragesRounded(castAveragesRounded(sql));
    }

    private static final java.util.regex.Pattern COLUMN_AVERAGE =
            java.util.regex.Pattern.compile("(?i)\\bavg\\(\\s*((?:[a-z_][a-z0-9_]*\\.)?([a-z_][a-z0-9_]*))\\s*\\)");

    /** {@code avg(column)} of a DECIMAL column (all of TPC-DS's have scale 2: Hive's average has scale 6). */
    private static String columnAveragesRounded(String sql) {
        java.util.Set<String> decimals = TpcdsData.decimalColumns();
        java.util.regex.Matcher m = COLUMN_AVERAGE.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = decimals.contains(m.group(2).toLowerCase(Locale.ROOT)) ? "round(" + m.group() + ", 6)" : m.group();
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String castAveragesRounded(String sql) {
        String lower = sql.toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        int at = 0;
        int i;
        while ((i = lower.indexOf("avg(cast(", at)) >= 0) {
            int close = matching(sql, i + 3);
            if (close < 0 || !lower.substring(i, close).contains(" as decimal(")) {
                out.append(sql, at, i + 4);
                at = i + 4;
                continue;
            }
            out.append(sql, at, i).append("round(").append(sql, i, close + 1).append(", 6)");
            at = close + 1;
        }
        return out.append(sql.substring(at)).toString();
    }

    /** The position of the parenthesis closing the one at {@code open}, or -1. */
    private static int matching(String sql, int open) {
        int depth = 0;
        for (int k = open; k < sql.length(); k++) {
            char c = sql.charAt(k);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }
}
