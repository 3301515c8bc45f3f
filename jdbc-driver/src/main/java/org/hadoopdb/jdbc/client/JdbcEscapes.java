package org.hadoopdb.jdbc.client;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.util.Locale;

/**
 * JDBC escape processing: rewrites the escape clauses of JDBC's SQL ({@code {fn UCASE(x)}},
 * {@code {d '2020-01-01'}}, {@code {t '10:15:00'}}, {@code {ts '2020-01-01 10:15:00'}},
 * {@code {limit 10 offset 5}}, {@code {oj a LEFT OUTER JOIN b ON ...}}, {@code {escape '\'}}) into
 * HiveQL. Braces inside string literals, backtick-quoted names and comments are text, not escapes
 * (the borders are HiveQL's: {@code '…'} and {@code "…"} with backslash escapes, {@code `…`},
 * {@code --} and block comments). Escapes nest ({@code {fn UCASE({fn LTRIM(x)})}}).
 *
 * <ul>
 *   <li>{@code {d '…'}} is {@code DATE '…'} and {@code {ts '…'}} is {@code TIMESTAMP '…'};
 *       {@code {t '…'}} is the string itself, HiveQL having no time-of-day type;</li>
 *   <li>{@code {fn f(…)}} is the Hive function of JDBC's scalar function {@code f} ({@link JdbcFunctions});</li>
 *   <li>{@code {limit n [offset m]}} is {@code LIMIT n [OFFSET m]}; {@code {oj …}} is its content;</li>
 *   <li>{@code {escape '\'}} disappears, backslash being the escape of HiveQL's LIKE; another
 *       escape character is refused, HiveQL's LIKE having no ESCAPE clause;</li>
 *   <li>{@code {call …}} is refused: HiveQL has no stored procedures.</li>
 * </ul>
 *
 * <pre>{@code
 * new JdbcEscapes("alice").translate("SELECT {fn UCASE(name)} FROM t WHERE d > {d '2020-01-01'}")
 * // SELECT upper(name) FROM t WHERE d > DATE '2020-01-01'
 * }</pre>
 */
public final class JdbcEscapes {
    private final JdbcFunctions functions;

    /** @param user the connection's user, the value of {@code {fn USER()}} */
    public JdbcEscapes(String user) {
        this.functions = new JdbcFunctions(user);
    }

    /** The statement with its escapes rewritten; text without braces is returned as it is. */
    public String translate(String sql) throws SQLException {
        if (sql == null || sql.indexOf('{') < 0) {
            return sql;
        }
        return new Translation(sql).body(false);
    }

    /** One statement being rewritten: a cursor over its text. */
    private final class Translation {
        private final String sql;
        private int at;

        Translation(String sql) {
            this.sql = sql;
        }

        /** Copies text up to the end, or up to and past the '}' closing the escape being read. */
        String body(boolean inEscape) throws SQLException {
            StringBuilder out = new StringBuilder(sql.length());
            while (at < sql.length()) {
                char c = sql.charAt(at);
                int end;
                if (c == '\'' || c == '"') {
                    end = quoteEnd(c);
                } else if (c == '`') {
                    end = delimitedEnd("`", at + 1);
                } else if (sql.startsWith("--", at)) {
                    end = lineEnd();
                } else if (sql.startsWith("/*", at)) {
                    end = delimitedEnd("*/", at + 2);
                } else if (c == '{') {
                    at++;
                    out.append(escape());
                    continue;
                } else if (c == '}' && inEscape) {
                    at++;
                    return out.toString();
                } else {
                    end = at + 1;
                }
                out.append(sql, at, end);
                at = end;
            }
            if (inEscape) {
                throw new SQLSyntaxErrorException("A JDBC escape clause opened with '{' is not closed with '}' in: "
                        + sql, "42000");
            }
            return out.toString();
        }

        /** One escape, after its '{': its keyword decides what its content becomes. */
        private String escape() throws SQLException {
            int start = at;
            skipSpaces();
            int word = at;
            while (at < sql.length() && (Character.isLetter(sql.charAt(at)) || sql.charAt(at) == '?'
                    || sql.charAt(at) == '=')) {
                at++;
            }
            String keyword = sql.substring(word, at).toLowerCase(Locale.ROOT);
            switch (keyword) {
                case "fn":
                    return functions.call(body(true).trim());
                case "d":
                    return "DATE " + body(true).trim();
                case "ts":
                    return "TIMESTAMP " + body(true).trim();
                case "t":
                    return body(true).trim();
                case "oj":
                    return body(true).trim();
                case "limit":
                    return "LIMIT " + body(true).trim();
                case "escape":
                    return likeEscape();
                case "call":
                case "?=":
                case "?":
                    throw new SQLFeatureNotSupportedException("HiveQL has no stored procedures: {call ...} cannot run",
                            "0A000");
                default:
                    throw new SQLSyntaxErrorException("Unknown JDBC escape '{" + sql.substring(start, Math.min(sql.length(),
                            at + 10)).trim() + "...': HadoopDB knows {fn ...}, {d ...}, {t ...}, {ts ...}, {limit ...}, "
                            + "{oj ...} and {escape ...}", "42000");
            }
        }

        /** {@code {escape 'c'}}: read by hand, because {@code '\'} is not a complete HiveQL string. */
        private String likeEscape() throws SQLException {
            skipSpaces();
            int open = at;
            String escape = null;
            if (sql.startsWith("'\\\\'", at)) {
                escape = "\\";
                at += 4;
            } else if (at + 2 < sql.length() && sql.charAt(at) == '\'' && sql.charAt(at + 2) == '\'') {
                escape = String.valueOf(sql.charAt(at + 1));
                at += 3;
            }
            skipSpaces();
            if (escape == null || at >= sql.length() || sql.charAt(at) != '}') {
                throw new SQLSyntaxErrorException("Malformed LIKE escape clause at '"
                        + sql.substring(open, Math.min(sql.length(), open + 10)) + "': write {escape 'c'}", "42000");
            }
            at++;
            if (!escape.equals("\\")) {
                throw new SQLFeatureNotSupportedException("HiveQL's LIKE escapes '%' and '_' with a backslash only; "
                        + "{escape '" + escape + "'} cannot be used: escape with '\\' and write {escape '\\'}", "0A000");
            }
            return "";
        }

        private void skipSpaces() {
            while (at < sql.length() && Character.isWhitespace(sql.charAt(at))) {
                at++;
            }
        }

        /** One past the quote closing the string that starts at the cursor (the end of the text if none does). */
        private int quoteEnd(char quote) {
            int i = at + 1;
            while (i < sql.length()) {
                char c = sql.charAt(i);
                if (c == '\\') {
                    i += 2;
                } else if (c == quote) {
                    return i + 1;
                } else {
                    i++;
                }
            }
            return sql.length();
        }

        private int delimitedEnd(String delimiter, int from) {
            int end = sql.indexOf(delimiter, from);
            return end < 0 ? sql.length() : end + delimiter.length();
        }

        private int lineEnd() {
            int i = at + 2;
            while (i < sql.length() && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                i++;
            }
            return Math.min(sql.length(), i + 1);
        }
    }
}
