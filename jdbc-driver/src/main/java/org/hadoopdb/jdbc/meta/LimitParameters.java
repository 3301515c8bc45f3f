package org.hadoopdb.jdbc.meta;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.hadoopdb.hiveql.parse.QuoteCommentScanner;
import org.hadoopdb.planner.PlannerException;

/**
 * The {@code ?}s that stand for a LIMIT or OFFSET count ({@code LIMIT ?}, {@code LIMIT ?, ?},
 * {@code LIMIT ? OFFSET ?}). HiveQL's grammar takes only an integer there, so such a parameter is
 * written into the text as the digits of its value, which must be a non-negative whole number; no
 * other text can get in that way.
 */
final class LimitParameters {
    private LimitParameters() {
    }

    /** Indexes (0-based) of the parameters at {@code at} that are LIMIT or OFFSET counts. */
    static Set<Integer> of(String sql, List<Integer> at) {
        Set<Integer> out = new HashSet<>();
        for (int i = 0; i < at.size(); i++) {
            List<String> before = tokensBefore(sql, at.get(i), 3);
            String last = before.isEmpty() ? "" : before.get(before.size() - 1);
            boolean afterKeyword = last.equals("limit") || last.equals("offset");
            // LIMIT n, ? : the row count after an offset
            boolean afterComma = before.size() == 3 && last.equals(",") && before.get(0).equals("limit")
                    && (before.get(1).equals("?") || before.get(1).chars().allMatch(Character::isDigit));
            if (afterKeyword || afterComma) {
                out.add(i);
            }
        }
        return out;
    }

    /** The digits of a LIMIT count; a null value (a statement being described, not run) counts 0. */
    static String count(Object value, int position) {
        if (value == null) {
            return "0";
        }
        BigInteger n = null;
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            n = BigInteger.valueOf(((Number) value).longValue());
        } else if (value instanceof BigDecimal d && d.stripTrailingZeros().scale() <= 0) {
            n = d.toBigIntegerExact();
        } else if (value instanceof String s && s.trim().matches("\\d+")) {
            n = new BigInteger(s.trim());
        }
        if (n == null || n.signum() < 0 || n.bitLength() > 31) {
            throw new PlannerException("Parameter " + position + " is a LIMIT or OFFSET count: it must be a whole number "
                    + "from 0 to " + Integer.MAX_VALUE + ", not " + value);
        }
        return n.toString();
    }

    /** Up to {@code n} tokens (lower case words, digits, punctuation) before {@code end}, outside quotes and comments. */
    private static List<String> tokensBefore(String sql, int end, int n) {
        java.util.ArrayList<String> tokens = new java.util.ArrayList<>();
        QuoteCommentScanner runs = new QuoteCommentScanner(sql.substring(0, end));
        while (runs.next()) {
            if (runs.kind() == QuoteCommentScanner.Kind.QUOTED) {
                tokens.add("'");
            } else if (runs.kind() == QuoteCommentScanner.Kind.CODE) {
                tokenize(sql.substring(runs.start(), runs.end()), tokens);
            }
        }
        return tokens.subList(Math.max(0, tokens.size() - n), tokens.size());
    }

    private static void tokenize(String code, List<String> out) {
        int i = 0;
        while (i < code.length()) {
            char c = code.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                int start = i;
                while (i < code.length() && (Character.isLetterOrDigit(code.charAt(i)) || code.charAt(i) == '_')) {
                    i++;
                }
                out.add(code.substring(start, i).toLowerCase(Locale.ROOT));
            } else {
                out.add(String.valueOf(c));
                i++;
            }
        }
    }
}
