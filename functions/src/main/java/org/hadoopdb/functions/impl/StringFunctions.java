package org.hadoopdb.functions.impl;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hive's string functions for generated code. Positions and lengths count characters (Unicode
 * code points), as Hive counts them in UTF-8 text. A NULL argument makes the result NULL unless
 * the method is marked {@link AcceptsNulls}; the generated code checks that before calling.
 */
public final class StringFunctions {
    private StringFunctions() {
    }

    /** The first {@code length} characters of {@code s} (CAST to VARCHAR(n) / CHAR(n)). */
    public static String truncate(String s, int length) {
        if (s.length() <= length) {
            return s;
        }
        int cps = s.codePointCount(0, s.length());
        return cps <= length ? s : s.substring(0, s.offsetByCodePoints(0, length));
    }

    /**
     * Hive's substr: {@code pos} is 1-based, 0 means 1, negative counts from the end; a position
     * beyond either end or a length below 1 gives the empty string.
     */
    public static String substr(String s, int pos, int len) {
        int n = s.codePointCount(0, s.length());
        if (len <= 0 || Math.abs((long) pos) > n) {
            return "";
        }
        int start = pos > 0 ? pos - 1 : pos < 0 ? n + pos : 0;
        long end = Math.min((long) start + len, n);
        if (n == s.length()) {
            return s.substring(start, (int) end);
        }
        int from = s.offsetByCodePoints(0, start);
        return s.substring(from, s.offsetByCodePoints(from, (int) end - start));
    }

    public static String substr(String s, int pos) {
        return substr(s, pos, Integer.MAX_VALUE);
    }

    public static String concat(String[] parts) {
        int size = 0;
        for (String p : parts) {
            size += p.length();
        }
        StringBuilder sb = new StringBuilder(size);
        for (String p : parts) {
            sb.append(p);
        }
        return sb.toString();
    }

    /** concat_ws: NULL separator gives NULL; NULL parts are skipped. */
    @AcceptsNulls
    public static String concat_ws(String sep, String[] parts) {
        if (sep == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (String p : parts) {
            if (p == null) {
                continue;
            }
            if (!first) {
                sb.append(sep);
            }
            sb.append(p);
            first = false;
        }
        return sb.toString();
    }

    /** Java's full Unicode upper-casing, locale independent ({@code ß} becomes {@code SS}). */
    public static String upper(String s) {
        return s.toUpperCase(Locale.ROOT);
    }

    public static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** Hive trims the space character only (not tabs or newlines). */
    public static String trim(String s) {
        return rtrim(ltrim(s));
    }

    public static String ltrim(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        return s.substring(i);
    }

    public static String rtrim(String s) {
        int i = s.length();
        while (i > 0 && s.charAt(i - 1) == ' ') {
            i--;
        }
        return s.substring(0, i);
    }

    public static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Reverses characters (a surrogate pair stays a pair). */
    public static String reverse(String s) {
        return new StringBuilder(s).reverse().toString();
    }

    public static String repeat(String s, int n) {
        return n <= 0 ? "" : s.repeat(n);
    }

    /** Hive's lpad: truncated to {@code len} when longer; NULL for a negative length or an empty pad that is needed. */
    public static String lpad(String s, int len, String pad) {
        return pad(s, len, pad, true);
    }

    public static String rpad(String s, int len, String pad) {
        return pad(s, len, pad, false);
    }

    private static String pad(String s, int len, String pad, boolean left) {
        if (len < 0) {
            return null;
        }
        int n = length(s);
        if (n >= len) {
            return truncate(s, len);
        }
        if (pad.isEmpty()) {
            return null;
        }
        int[] padPoints = pad.codePoints().toArray();
        StringBuilder fill = new StringBuilder();
        for (int i = 0; i < len - n; i++) {
            fill.appendCodePoint(padPoints[i % padPoints.length]);
        }
        return left ? fill.append(s).toString() : s + fill;
    }

    /** The 1-based character position of the first {@code sub} in {@code s}, 0 when absent. */
    public static int instr(String s, String sub) {
        int i = s.indexOf(sub);
        return i < 0 ? 0 : s.codePointCount(0, i) + 1;
    }

    public static int locate(String sub, String s) {
        return instr(s, sub);
    }

    /** locate with a 1-based start position; a position below 1 finds nothing (0). */
    public static int locate(String sub, String s, int pos) {
        int n = length(s);
        if (pos < 1 || pos > n + 1) {
            return 0;
        }
        int from = s.offsetByCodePoints(0, pos - 1);
        int i = s.indexOf(sub, from);
        return i < 0 ? 0 : s.codePointCount(0, i) + 1;
    }

    public static String space(int n) {
        return n <= 0 ? "" : " ".repeat(n);
    }

    /** Hive's ascii: the first UTF-8 byte of the string as a signed byte, 0 for the empty string. */
    public static int ascii(String s) {
        if (s.isEmpty()) {
            return 0;
        }
        int cp = s.codePointAt(0);
        if (cp < 0x80) {
            return cp;
        }
        return new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8)[0];
    }

    /** Each word (delimited by whitespace) with its first letter upper case and the rest lower case. */
    public static String initcap(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean start = true;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (Character.isWhitespace(cp)) {
                start = true;
                sb.appendCodePoint(cp);
            } else {
                sb.appendCodePoint(start ? Character.toTitleCase(cp) : Character.toLowerCase(cp));
                start = false;
            }
            i += Character.charCount(cp);
        }
        return sb.toString();
    }

    /**
     * Each character of {@code from} replaced by the character at the same position in {@code to},
     * or removed when {@code to} is shorter; the first occurrence in {@code from} wins.
     */
    public static String translate(String s, String from, String to) {
        int[] f = from.codePoints().toArray();
        int[] t = to.codePoints().toArray();
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            int at = -1;
            for (int k = 0; k < f.length; k++) {
                if (f[k] == cp) {
                    at = k;
                    break;
                }
            }
            if (at < 0) {
                sb.appendCodePoint(cp);
            } else if (at < t.length) {
                sb.appendCodePoint(t[at]);
            }
        }
        return sb.toString();
    }

    /** Every occurrence of {@code search} replaced; an empty {@code search} changes nothing. */
    public static String replace(String s, String search, String replacement) {
        return search.isEmpty() ? s : s.replace(search, replacement);
    }

    /** Java regular expression replacement ({@code $1} refers to a group); an invalid pattern gives NULL. */
    public static String regexp_replace(RegexCache cache, String s, String regex, String replacement) {
        Pattern p = cache.get(regex);
        if (p == null) {
            return null;
        }
        try {
            return p.matcher(s).replaceAll(replacement);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return null; // a replacement referring to a group the pattern lacks: Hive fails, here NULL
        }
    }

    public static String regexp_extract(RegexCache cache, String s, String regex) {
        return regexp_extract(cache, s, regex, 1);
    }

    /** Group {@code group} of the first match; '' when nothing matches, NULL when the group does not exist. */
    public static String regexp_extract(RegexCache cache, String s, String regex, int group) {
        Pattern p = cache.get(regex);
        if (p == null) {
            return null;
        }
        Matcher m = p.matcher(s);
        if (!m.find()) {
            return "";
        }
        if (group < 0 || group > m.groupCount()) {
            return null;
        }
        return m.group(group);
    }
}
