package org.hadoopdb.benchmarks.tpcds;

import java.util.Locale;

/**
 * Hive's average of a DECIMAL is a DECIMAL with 6 more digits of scale, rounded there
 * ({@code avg(cast(x as decimal(12,2)))} is {@code decimal(16,6)}); PostgreSQL keeps every digit. For the
 * reference, each {@code avg(cast(… as decimal(…)))} is wrapped in {@code round(…, 6)}.
 */
final class DecimalAverages {
    private DecimalAverages() {
    }

    static String roundedLikeHive(String sql) {
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
