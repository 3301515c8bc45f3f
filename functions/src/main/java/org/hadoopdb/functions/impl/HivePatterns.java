package org.hadoopdb.functions.impl;

import java.util.regex.Pattern;

/**
 * SQL LIKE patterns translated to Java regular expressions, for generated expression code.
 */
public final class HivePatterns {
    private HivePatterns() {
    }

    /**
     * A SQL LIKE pattern with an escape character as a Java regex: {@code %} any characters,
     * {@code _} one character, the escape character makes the next one literal. An escape at the
     * end, or before a character other than {@code %}, {@code _} or itself, is an error in SQL; here
     * it stands for itself.
     */
    public static Pattern likePattern(String like, char escape) {
        StringBuilder re = new StringBuilder(like.length() + 8);
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == escape && i + 1 < like.length()) {
                literal.append(like.charAt(++i));
            } else if (c == '%' || c == '_') {
                flush(re, literal);
                re.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        flush(re, literal);
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    /**
     * Hive's LIKE on a pattern computed at run time: a backslash escapes only a following {@code %}
     * or {@code _}; any other backslash is itself.
     */
    public static Pattern hiveLikePattern(String like) {
        StringBuilder re = new StringBuilder(like.length() + 8);
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == '\\' && i + 1 < like.length() && (like.charAt(i + 1) == '%' || like.charAt(i + 1) == '_')) {
                literal.append(like.charAt(++i));
            } else if (c == '%' || c == '_') {
                flush(re, literal);
                re.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        flush(re, literal);
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    private static void flush(StringBuilder re, StringBuilder literal) {
        if (literal.length() > 0) {
            re.append(Pattern.quote(literal.toString()));
            literal.setLength(0);
        }
    }
}
