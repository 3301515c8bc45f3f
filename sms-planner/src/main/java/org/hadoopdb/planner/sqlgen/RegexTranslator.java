package org.hadoopdb.planner.sqlgen;

/**
 * Translates a Java regular expression into a PostgreSQL advanced regular expression (ARE) that
 * finds a match in exactly the same strings, or gives up. Only a subset is translated, each piece
 * rewritten to mean what Java means: {@code .} excludes Java's line terminators, {@code $} also
 * matches before a final line terminator, {@code \d \w \s} are ASCII classes. Back references,
 * flags, possessive quantifiers, look-behind, {@code \b}, {@code \p{..}}, {@code \Q..\E} and class
 * intersections are refused. Only whether a match exists is preserved: Java's leftmost-first and
 * ARE's leftmost-longest rules pick different matches, so this serves RLIKE, not regexp_extract.
 */
final class RegexTranslator {
    private static final String LINE_TERMINATORS = "\\n\\r\\u0085\\u2028\\u2029";
    private final String re;
    private int i;
    private final StringBuilder out = new StringBuilder();

    private RegexTranslator(String re) {
        this.re = re;
    }

    /** The ARE, or null when the pattern uses something not translated. */
    static String toPostgres(String javaRegex) {
        try {
            java.util.regex.Pattern.compile(javaRegex);
        } catch (java.util.regex.PatternSyntaxException e) {
            return null; // invalid in Java: evaluated in MapReduce, which reports it
        }
        RegexTranslator t = new RegexTranslator(javaRegex);
        return t.translate() ? t.out.toString() : null;
    }

    private boolean translate() {
        int depth = 0;
        boolean canQuantify = false;
        while (i < re.length()) {
            char c = re.charAt(i++);
            switch (c) {
                case '\\' -> {
                    if (i >= re.length()) {
                        return false;
                    }
                    String e = escape(re.charAt(i++), false);
                    if (e == null) {
                        return false;
                    }
                    out.append(e);
                    canQuantify = true;
                }
                case '.' -> {
                    out.append("[^").append(LINE_TERMINATORS).append(']');
                    canQuantify = true;
                }
                case '^' -> {
                    out.append('^');
                    canQuantify = false;
                }
                case '$' -> {
                    out.append("(?=(\\r\\n|[").append(LINE_TERMINATORS).append("])?$)");
                    canQuantify = false;
                }
                case '|' -> {
                    out.append('|');
                    canQuantify = false;
                }
                case '(' -> {
                    if (i < re.length() && re.charAt(i) == '?') {
                        if (re.startsWith("?:", i) || re.startsWith("?=", i) || re.startsWith("?!", i)) {
                            out.append('(').append(re, i, i + 2);
                            i += 2;
                        } else {
                            return false;
                        }
                    } else {
                        out.append('(');
                    }
                    depth++;
                    canQuantify = false;
                }
                case ')' -> {
                    if (depth == 0) {
                        return false;
                    }
                    depth--;
                    out.append(')');
                    canQuantify = true;
                }
                case '[' -> {
                    if (!bracket()) {
                        return false;
                    }
                    canQuantify = true;
                }
                case '*', '+', '?' -> {
                    if (!canQuantify) {
                        return false;
                    }
                    out.append(c);
                    if (!lazyOrPossessive()) {
                        return false;
                    }
                    canQuantify = false;
                }
                case '{' -> {
                    int end = re.indexOf('}', i);
                    if (!canQuantify || end < 0 || !re.substring(i, end).matches("\\d{1,3}(,\\d{0,3})?")) {
                        return false;
                    }
                    out.append(re, i - 1, end + 1);
                    i = end + 1;
                    if (!lazyOrPossessive()) {
                        return false;
                    }
                    canQuantify = false;
                }
                case ']', '}' -> {
                    out.append('\\').append(c);
                    canQuantify = true;
                }
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        return false;
                    }
                    out.append(c);
                    canQuantify = true;
                }
            }
        }
        return depth == 0;
    }

    /** After a quantifier: a lazy '?' is kept (only the existence of a match matters); possessive '+' refused. */
    private boolean lazyOrPossessive() {
        if (i < re.length() && re.charAt(i) == '+') {
            return false;
        }
        if (i < re.length() && re.charAt(i) == '?') {
            out.append('?');
            i++;
        }
        return true;
    }

    /** A Java escape (the character after the backslash) in ARE syntax, or null. */
    private static String escape(char e, boolean inBracket) {
        return switch (e) {
            case 'd' -> inBracket ? "0-9" : "[0-9]";
            case 'D' -> inBracket ? null : "[^0-9]";
            case 'w' -> inBracket ? "a-zA-Z_0-9" : "[a-zA-Z_0-9]";
            case 'W' -> inBracket ? null : "[^a-zA-Z_0-9]";
            case 's' -> inBracket ? " \\t\\n\\v\\f\\r" : "[ \\t\\n\\v\\f\\r]";
            case 'S' -> inBracket ? null : "[^ \\t\\n\\v\\f\\r]";
            case 't' -> "\\t";
            case 'n' -> "\\n";
            case 'r' -> "\\r";
            case 'f' -> "\\f";
            default -> {
                if ("\\.^$|()[]{}*+?-/&#!\"'%,:;<=>@_`~ ".indexOf(e) >= 0) {
                    yield "\\" + e;
                }
                yield null;
            }
        };
    }

    /** A character class {@code [...]} (the '[' consumed). */
    private boolean bracket() {
        out.append('[');
        if (i < re.length() && re.charAt(i) == '^') {
            out.append('^');
            i++;
        }
        boolean first = true;
        while (i < re.length()) {
            char c = re.charAt(i++);
            if (c == ']' && !first) {
                out.append(']');
                return true;
            }
            if (c == '[' || c == '&' && i < re.length() && re.charAt(i) == '&') {
                return false; // nested classes and intersections are Java-only
            }
            if (c == '\\') {
                if (i >= re.length()) {
                    return false;
                }
                String e = escape(re.charAt(i++), true);
                if (e == null) {
                    return false;
                }
                out.append(e);
            } else if (c == ']') {
                out.append("\\]");
            } else if (c < 0x20 || c == 0x7f) {
                return false;
            } else {
                out.append(c);
            }
            first = false;
        }
        return false;
    }
}
