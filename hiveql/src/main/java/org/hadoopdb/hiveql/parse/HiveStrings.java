package org.hadoopdb.hiveql.parse;

/**
 * Hive's string-literal escapes (as Hive's {@code unescapeSQLString}): {@code \'} {@code \"} {@code \\}
 * {@code \n} {@code \t} {@code \r} {@code \b} {@code \0} {@code \Z} (ASCII 26), {@code \}ooo octal
 * ({@code \001}, the usual field delimiter), {@code \}uXXXX; {@code \%} and {@code \_} keep their
 * backslash so that LIKE patterns can match a literal {@code %} or {@code _}; any other escaped
 * character stands for itself.
 */
final class HiveStrings {
    private HiveStrings() {
    }

    /** The value of one quoted token, quotes included in {@code quoted}. */
    static String unescape(String quoted) {
        String body = quoted.substring(1, quoted.length() - 1);
        StringBuilder out = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 == body.length()) {
                out.append(c);
                continue;
            }
            if (isUnicodeEscape(body, i)) {
                out.append((char) Integer.parseInt(body.substring(i + 2, i + 6), 16));
                i += 5;
            } else if (isOctalEscape(body, i)) {
                out.append((char) Integer.parseInt(body.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(simpleEscape(body.charAt(i + 1)));
                i++;
            }
        }
        return out.toString();
    }

    private static boolean isUnicodeEscape(String s, int i) {
        if (i + 5 >= s.length() || s.charAt(i + 1) != 'u') {
            return false;
        }
        for (int j = i + 2; j < i + 6; j++) {
            if (Character.digit(s.charAt(j), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Hive reads three octal digits, the first 0 or 1 (so at most \177). */
    private static boolean isOctalEscape(String s, int i) {
        return i + 3 < s.length()
                && s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '1'
                && s.charAt(i + 2) >= '0' && s.charAt(i + 2) <= '7'
                && s.charAt(i + 3) >= '0' && s.charAt(i + 3) <= '7';
    }

    private static String simpleEscape(char c) {
        return switch (c) {
            case '0' -> "\0";
            case 'b' -> "\b";
            case 'n' -> "\n";
            case 'r' -> "\r";
            case 't' -> "\t";
            case 'Z' -> "\u001A";
            case '%' -> "\\%";
            case '_' -> "\\_";
            default -> String.valueOf(c);
        };
    }
}
