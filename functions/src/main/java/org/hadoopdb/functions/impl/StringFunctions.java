package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.INT;
import static org.hadoopdb.functions.ArgKind.STRING;
import static org.hadoopdb.functions.ArgKind.STRING_OR_ARRAY;
import static org.hadoopdb.functions.FunctionDefinition.function;
import static org.hadoopdb.functions.PgTemplates.intLiteral;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;
import org.hadoopdb.functions.PgTemplates;
import org.hadoopdb.functions.PostgresForm;

/**
 * Hive's string functions: their definitions, and their implementations for generated code. Positions and lengths count characters (Unicode
 * code points), as Hive counts them in UTF-8 text. A NULL argument makes the result NULL unless
 * the method is marked {@link AcceptsNulls}; the generated code checks that before calling.
 */
public final class StringFunctions {
    private StringFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                function("substr", "substr(string str, int pos[, int len])",
                        "The substring of str from position pos (1-based; negative counts from the end) of at most len characters")
                        .aliases("substring").params(2, STRING, INT, INT).returns(HiveReturnTypes.STRING)
                        .postgres(StringFunctions::substrInPostgres).implementedBy(StringFunctions.class),
                function("concat", "concat(string a, string b, ...)", "The arguments joined; NULL if any is NULL")
                        .varargs(1, STRING).returns(HiveReturnTypes.STRING)
                        .postgres(StringFunctions::concatInPostgres)
                        .implementedBy(StringFunctions.class),
                function("concat_ws", "concat_ws(string sep, string|array<string> a, string|array<string> b, ...)",
                        "The arguments (and the elements of array arguments) joined by sep, NULLs skipped")
                        .varargs(2, STRING_OR_ARRAY, STRING).returns(HiveReturnTypes.STRING)
                        .postgres(StringFunctions::concatWsInPostgres)
                        .implementedBy(StringFunctions.class),
                function("upper", "upper(string str)", "str in upper case").aliases("ucase")
                        .params(1, STRING).returns(HiveReturnTypes.STRING).notPushed(caseMapping("upper"))
                        .implementedBy(StringFunctions.class),
                function("lower", "lower(string str)", "str in lower case").aliases("lcase")
                        .params(1, STRING).returns(HiveReturnTypes.STRING).notPushed(caseMapping("lower"))
                        .implementedBy(StringFunctions.class),
                function("trim", "trim(string str)", "str without leading and trailing spaces")
                        .params(1, STRING).returns(HiveReturnTypes.STRING).pushedAs("BTRIM({0}, ' ')")
                        .implementedBy(StringFunctions.class),
                function("ltrim", "ltrim(string str)", "str without leading spaces")
                        .params(1, STRING).returns(HiveReturnTypes.STRING).pushedAs("LTRIM({0}, ' ')")
                        .implementedBy(StringFunctions.class),
                function("rtrim", "rtrim(string str)", "str without trailing spaces")
                        .params(1, STRING).returns(HiveReturnTypes.STRING).pushedAs("RTRIM({0}, ' ')")
                        .implementedBy(StringFunctions.class),
                function("length", "length(string str)", "The number of characters in str")
                        .params(1, STRING).returns(HiveReturnTypes.INT).pushedAs("CHAR_LENGTH({0})")
                        .implementedBy(StringFunctions.class),
                function("reverse", "reverse(string str)", "str reversed")
                        .params(1, STRING).returns(HiveReturnTypes.STRING).pushedAs("REVERSE({0})")
                        .implementedBy(StringFunctions.class),
                function("repeat", "repeat(string str, int n)", "str repeated n times")
                        .params(2, STRING, INT).returns(HiveReturnTypes.STRING).pushedAs("REPEAT({0}, {1})")
                        .implementedBy(StringFunctions.class),
                function("lpad", "lpad(string str, int len, string pad)", "str left-padded with pad (or truncated) to len characters")
                        .params(3, STRING, INT, STRING).returns(HiveReturnTypes.STRING).postgres(call -> padInPostgres("lpad", call))
                        .implementedBy(StringFunctions.class),
                function("rpad", "rpad(string str, int len, string pad)", "str right-padded with pad (or truncated) to len characters")
                        .params(3, STRING, INT, STRING).returns(HiveReturnTypes.STRING).postgres(call -> padInPostgres("rpad", call))
                        .implementedBy(StringFunctions.class),
                function("instr", "instr(string str, string substr)", "The 1-based position of the first substr in str, 0 if none")
                        .params(2, STRING, STRING).returns(HiveReturnTypes.INT).pushedAs("STRPOS({0}, {1})")
                        .implementedBy(StringFunctions.class),
                function("locate", "locate(string substr, string str[, int pos])",
                        "The 1-based position of the first substr in str at or after pos, 0 if none")
                        .params(2, STRING, STRING, INT).returns(HiveReturnTypes.INT)
                        .postgres(call -> call.operands.size() == 2 ? PostgresForm.sql("STRPOS({1}, {0})")
                                : PostgresForm.notPushed("locate with a start position has no PostgreSQL equivalent"))
                        .implementedBy(StringFunctions.class),
                function("space", "space(int n)", "A string of n spaces")
                        .params(1, INT).returns(HiveReturnTypes.STRING).pushedAs("REPEAT(' ', {0})")
                        .implementedBy(StringFunctions.class),
                function("ascii", "ascii(string str)", "The numeric value of the first character of str")
                        .params(1, STRING).returns(HiveReturnTypes.INT)
                        .notPushed("Hive's ascii is the first UTF-8 byte (negative beyond ASCII), PostgreSQL's the code point")
                        .implementedBy(StringFunctions.class),
                function("initcap", "initcap(string str)", "str with the first letter of each word in upper case, the others in lower case")
                        .params(1, STRING).returns(HiveReturnTypes.STRING).notPushed(caseMapping("initcap"))
                        .implementedBy(StringFunctions.class),
                function("translate", "translate(string str, string from, string to)",
                        "str with each character of from replaced by the character at the same position of to (removed when to is shorter)")
                        .params(3, STRING, STRING, STRING).returns(HiveReturnTypes.STRING).pushedAs("TRANSLATE({0}, {1}, {2})")
                        .implementedBy(StringFunctions.class),
                function("replace", "replace(string str, string search, string replacement)",
                        "str with every occurrence of search replaced")
                        .params(3, STRING, STRING, STRING).returns(HiveReturnTypes.STRING).pushedAs("REPLACE({0}, {1}, {2})")
                        .implementedBy(StringFunctions.class),
                // PostgreSQL has them only in the fuzzystrmatch extension, which the chunk databases lack
                function("soundex", "soundex(string str)",
                        "The American Soundex code of str's letters (a letter and three digits); '' without letters, "
                                + "NULL when a letter has no code")
                        .params(1, STRING).returns(HiveReturnTypes.STRING)
                        .notPushed("soundex is in PostgreSQL's fuzzystrmatch extension, which the chunk databases do not "
                                + "install (and whose soundex treats H, W and non-ASCII letters differently)")
                        .implementedBy(StringFunctions.class),
                function("levenshtein", "levenshtein(string a, string b)",
                        "The number of single-character insertions, deletions and substitutions that turn a into b")
                        .params(2, STRING, STRING).returns(HiveReturnTypes.INT)
                        .notPushed("levenshtein is in PostgreSQL's fuzzystrmatch extension, which the chunk databases do "
                                + "not install")
                        .implementedBy(StringFunctions.class),
                function("split", "split(string str, string regex)", null)
                        .params(2, STRING, STRING).returns(HiveReturnTypes.STRING)
                        .unsupported("not implemented yet (it returns an ARRAY of the parts)"));
    }

    /** CONCAT_WS of strings; an array argument is jsonb in the chunks, which CONCAT_WS would print as JSON. */
    private static PostgresForm concatWsInPostgres(RexCall call) {
        for (RexNode operand : call.operands) {
            if (operand.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.ARRAY) {
                return PostgresForm.notPushed("concat_ws of an array: arrays are jsonb in the chunk databases");
            }
        }
        return PostgresForm.sql(PgTemplates.call("CONCAT_WS", call.operands.size()));
    }

    private static String caseMapping(String name) {
        return name + ": PostgreSQL in the C locale changes ASCII letters only, Hive every Unicode letter";
    }

    /** {@code a || b || ...}: PostgreSQL's concat skips NULLs, {@code ||} does not. */
    private static PostgresForm concatInPostgres(RexCall call) {
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < call.operands.size(); i++) {
            t.append(i == 0 ? "" : " || ").append('{').append(i).append('}');
        }
        return PostgresForm.sql(t.toString());
    }

    /** Literal positions only: PostgreSQL counts positions below 1 differently. */
    private static PostgresForm substrInPostgres(RexCall call) {
        List<RexNode> ops = call.operands;
        Integer pos = intLiteral(ops.get(1));
        Integer len = ops.size() > 2 ? intLiteral(ops.get(2)) : Integer.valueOf(Integer.MAX_VALUE);
        if (pos == null || len == null || len < 0) {
            return PostgresForm.notPushed("substr with a computed or negative position or length: PostgreSQL counts "
                    + "positions below 1 differently");
        }
        String l = ops.size() > 2 ? ", {2}" : "";
        if (pos >= 0) {
            return PostgresForm.sql("SUBSTR({0}, " + Math.max(1, pos) + l + ")");
        }
        return PostgresForm.sql("CASE WHEN CHAR_LENGTH({0}) < " + (-(long) pos) + " THEN '' ELSE SUBSTR({0}, CHAR_LENGTH({0}) - "
                + (-(long) pos - 1) + l + ") END");
    }

    private static PostgresForm padInPostgres(String name, RexCall call) {
        List<RexNode> ops = call.operands;
        Integer len = intLiteral(ops.get(1));
        if (len == null || len < 0 || !(ops.get(2) instanceof RexLiteral p) || p.isNull()
                || p.getValueAs(String.class).isEmpty()) {
            return PostgresForm.notPushed(name + " with a computed or negative length or an empty pad: Hive gives NULL there");
        }
        return PostgresForm.sql(name.toUpperCase(Locale.ROOT) + "({0}, {1}, {2})");
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

    /**
     * concat_ws: NULL separator gives NULL; each part is a string or an array of strings (Hive joins
     * the elements too); NULL parts, NULL arrays and NULL elements are skipped.
     */
    @AcceptsNulls
    public static String concat_ws(String sep, Object... parts) {
        if (sep == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Object p : parts) {
            for (Object s : p instanceof List<?> elements ? elements : Collections.singletonList(p)) {
                if (s == null) {
                    continue;
                }
                if (!first) {
                    sb.append(sep);
                }
                sb.append((String) s);
                first = false;
            }
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

    /** The Soundex digit of each letter A to Z; '0' for vowels, H, W and Y. */
    private static final String SOUNDEX_DIGITS = "01230120022455012623010202";

    /**
     * Hive's soundex (American Soundex): the first letter, then the digits of the following
     * letters, a digit repeated by adjacent letters (or across H and W) written once, vowels
     * separating repeats, padded with '0' to four characters. Characters other than letters are
     * ignored; the empty string when there are no letters. Letters are upper-cased first (so
     * {@code ß} counts as SS); NULL when a letter read before the code is complete has no code
     * (a non-ASCII letter), as Hive's does.
     */
    public static String soundex(String s) {
        StringBuilder letters = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            if (Character.isLetter(s.charAt(i))) {
                letters.append(s.charAt(i));
            }
        }
        String word = letters.toString().toUpperCase(Locale.ROOT);
        if (word.isEmpty()) {
            return "";
        }
        char[] code = {word.charAt(0), '0', '0', '0'};
        char previous = soundexDigit(word.charAt(0));
        if (previous == 0) {
            return null;
        }
        int n = 1;
        for (int i = 1; i < word.length() && n < code.length; i++) {
            char c = word.charAt(i);
            if (c == 'H' || c == 'W') {
                continue; // letters on both sides with the same digit count once
            }
            char digit = soundexDigit(c);
            if (digit == 0) {
                return null;
            }
            if (digit != '0' && digit != previous) {
                code[n++] = digit;
            }
            previous = digit;
        }
        return new String(code);
    }

    /** The digit of an upper-case letter, 0 (the character) when it has none. */
    private static char soundexDigit(char c) {
        return c >= 'A' && c <= 'Z' ? SOUNDEX_DIGITS.charAt(c - 'A') : 0;
    }

    /**
     * Hive's levenshtein: the edit distance counted in UTF-16 chars, as Hive counts it (a character
     * beyond the Basic Multilingual Plane is two).
     */
    public static int levenshtein(String a, String b) {
        if (a.length() < b.length()) {
            return levenshtein(b, a); // one row of the shorter length suffices
        }
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                int substitution = diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                row[j] = Math.min(substitution, Math.min(above, row[j - 1]) + 1);
                diagonal = above;
            }
        }
        return row[b.length()];
    }
}
