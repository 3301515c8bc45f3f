package org.hadoopdb.benchmarks.tpcds;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gives every ORDER BY key of a query (top-level and in windows) Hive's NULL order spelled out for
 * PostgreSQL: {@code NULLS FIRST} when ascending, {@code NULLS LAST} when descending. PostgreSQL's
 * default is the opposite, which under a LIMIT keeps other rows.
 */
final class PostgresNullOrder {
    private static final Pattern ORDER_BY = Pattern.compile("(?i)\\border\\s+by\\b");

    private PostgresNullOrder() {
    }

    static String hiveOrder(String sql) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        Matcher m = ORDER_BY.matcher(sql);
        while (m.find(at)) {
            out.append(sql, at, m.end());
            int end = endOfList(sql, m.end());
            out.append(withNullOrder(sql.substring(m.end(), end)));
            at = end;
        }
        return out.append(sql.substring(at)).toString();
    }

    /** Where the key list starting at {@code from} ends: a closing parenthesis of its level, LIMIT, a window frame, or the end. */
    private static int endOfList(String sql, int from) {
        int depth = 0;
        for (int i = from; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\'') {
                i = sql.indexOf('\'', i + 1);
                if (i < 0) {
                    return sql.length();
                }
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (depth == 0) {
                    return i;
                }
                depth--;
            } else if (depth == 0 && (startsWordAt(sql, i, "limit") || startsWordAt(sql, i, "rows")
                    || startsWordAt(sql, i, "range"))) {
                return i; // the end of the statement's keys, or a window's frame after its keys
            }
        }
        return sql.length();
    }

    private static boolean startsWordAt(String sql, int i, String word) {
        return sql.regionMatches(true, i, word, 0, word.length()) && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)))
                && (i + word.length() == sql.length() || !Character.isLetterOrDigit(sql.charAt(i + word.length())));
    }

    private static String withNullOrder(String keys) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < keys.length(); i++) {
            char c = keys.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(keys.substring(start, i));
                start = i + 1;
            }
        }
        items.add(keys.substring(start));
        List<String> out = new ArrayList<>();
        for (String item : items) {
            String trimmed = item.stripTrailing();
            String lower = trimmed.toLowerCase(Locale.ROOT);
            if (lower.contains(" nulls ") || lower.endsWith(" nulls first") || lower.endsWith(" nulls last") || trimmed.isBlank()) {
                out.add(item);
            } else {
                out.add(trimmed + (lower.endsWith(" desc") ? " NULLS LAST" : " NULLS FIRST") + item.substring(trimmed.length()));
            }
        }
        return String.join(",", out);
    }
}
