package org.hadoopdb.jdbc.client;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * JDBC's scalar functions ({@code {fn …}}, JDBC 4.3 appendix C) written as Hive functions. A
 * function with a Hive function of the same meaning is renamed ({@code UCASE} → {@code upper},
 * {@code LOG} → {@code ln}); one without is written from others ({@code LEFT(s, n)} →
 * {@code substr(s, 1, n)}, {@code CONVERT(v, SQL_INTEGER)} → {@code CAST(v AS INT)}); a name not
 * listed here is passed on as it is written, so Hive's own functions work too and a function HiveQL
 * lacks is reported by the server with its name.
 */
final class JdbcFunctions {
    /** JDBC name → Hive template; {@code $1}, {@code $2}... are the arguments, {@code $*} all of them. */
    private static final Map<String, String> TEMPLATES = Map.ofEntries(
            // numeric
            Map.entry("abs", "abs($*)"), Map.entry("ceiling", "ceil($*)"), Map.entry("floor", "floor($*)"),
            Map.entry("exp", "exp($*)"), Map.entry("log", "ln($*)"), Map.entry("log10", "log10($*)"),
            Map.entry("mod", "(($1) % ($2))"), Map.entry("power", "power($*)"), Map.entry("rand", "rand($*)"),
            Map.entry("round", "round($*)"), Map.entry("sign", "sign($*)"), Map.entry("sqrt", "sqrt($*)"),
            // string
            Map.entry("ascii", "ascii($*)"), Map.entry("char_length", "length($*)"),
            Map.entry("character_length", "length($*)"), Map.entry("concat", "concat($*)"),
            Map.entry("insert", "concat(substr($1, 1, ($2) - 1), $4, substr($1, ($2) + ($3)))"),
            Map.entry("lcase", "lower($*)"), Map.entry("left", "substr($1, 1, $2)"),
            // JDBC's LENGTH does not count trailing blanks
            Map.entry("length", "length(rtrim($1))"), Map.entry("locate", "locate($*)"), Map.entry("ltrim", "ltrim($*)"),
            Map.entry("repeat", "repeat($*)"), Map.entry("replace", "replace($*)"),
            Map.entry("right", "if(($2) >= length($1), $1, substr($1, length($1) - ($2) + 1))"),
            Map.entry("rtrim", "rtrim($*)"), Map.entry("soundex", "soundex($*)"), Map.entry("space", "space($*)"),
            Map.entry("substring", "substr($*)"), Map.entry("ucase", "upper($*)"),
            // date and time
            Map.entry("curdate", "current_date"), Map.entry("current_date", "current_date"),
            Map.entry("curtime", "date_format(current_timestamp, 'HH:mm:ss')"),
            Map.entry("current_time", "date_format(current_timestamp, 'HH:mm:ss')"),
            Map.entry("now", "current_timestamp"), Map.entry("current_timestamp", "current_timestamp"),
            Map.entry("dayname", "date_format($1, 'EEEE')"), Map.entry("dayofmonth", "day($1)"),
            Map.entry("dayofweek", "dayofweek($1)"), Map.entry("dayofyear", "CAST(date_format($1, 'D') AS INT)"),
            Map.entry("hour", "hour($1)"), Map.entry("minute", "minute($1)"), Map.entry("month", "month($1)"),
            Map.entry("monthname", "date_format($1, 'MMMM')"), Map.entry("quarter", "quarter($1)"),
            Map.entry("second", "second($1)"), Map.entry("week", "weekofyear($1)"), Map.entry("year", "year($1)"),
            // system
            Map.entry("ifnull", "nvl($*)"), Map.entry("database", "current_database()"));

    /** CONVERT's JDBC type names → HiveQL types. */
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("bigint", "BIGINT"), Map.entry("binary", "BINARY"), Map.entry("varbinary", "BINARY"),
            Map.entry("longvarbinary", "BINARY"), Map.entry("bit", "BOOLEAN"), Map.entry("boolean", "BOOLEAN"),
            Map.entry("char", "STRING"), Map.entry("varchar", "STRING"), Map.entry("longvarchar", "STRING"),
            Map.entry("nchar", "STRING"), Map.entry("nvarchar", "STRING"), Map.entry("longnvarchar", "STRING"),
            Map.entry("date", "DATE"), Map.entry("timestamp", "TIMESTAMP"), Map.entry("decimal", "DECIMAL"),
            Map.entry("numeric", "DECIMAL"), Map.entry("double", "DOUBLE"), Map.entry("float", "DOUBLE"),
            Map.entry("real", "FLOAT"), Map.entry("integer", "INT"), Map.entry("smallint", "SMALLINT"),
            Map.entry("tinyint", "TINYINT"));

    private static final List<String> FIELDS = List.of("year", "quarter", "month", "day", "hour", "minute", "second");

    private final String user;

    JdbcFunctions(String user) {
        this.user = user;
    }

    /** The HiveQL of the content of a {@code {fn …}} escape, e.g. {@code UCASE(name)}. */
    String call(String text) throws SQLException {
        int open = text.indexOf('(');
        String name = (open < 0 ? text : text.substring(0, open)).trim();
        if (name.isEmpty() || !name.chars().allMatch(ch -> Character.isLetterOrDigit(ch) || ch == '_')
                || (open >= 0 && !text.endsWith(")"))) {
            throw new SQLSyntaxErrorException("Malformed JDBC function escape {fn " + text + "}: write {fn NAME(arguments)}",
                    "42000");
        }
        String arguments = open < 0 ? "" : text.substring(open + 1, text.length() - 1);
        String key = name.toLowerCase(Locale.ROOT);
        switch (key) {
            case "user":
                return quote(user == null ? "" : user);
            case "convert":
                return convert(split(arguments), text);
            case "extract":
                return extract(arguments, text);
            case "position":
                return position(arguments, text);
            case "timestampdiff":
                return timestampDiff(split(arguments), text);
            default:
                break;
        }
        String template = TEMPLATES.get(key);
        return template == null ? name + "(" + arguments + ")" : fill(template, split(arguments), text);
    }

    private static String fill(String template, List<String> args, String text) throws SQLException {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '$' && i + 1 < template.length()) {
                char n = template.charAt(++i);
                if (n == '*') {
                    out.append(String.join(", ", args));
                    continue;
                }
                int k = n - '1';
                if (k >= args.size()) {
                    throw new SQLSyntaxErrorException("The JDBC function escape {fn " + text + "} needs at least "
                            + (k + 1) + " argument(s)", "42000");
                }
                out.append(args.get(k));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code CONVERT(value, SQL_INTEGER)} (or {@code INTEGER}) → {@code CAST(value AS INT)}. */
    private static String convert(List<String> args, String text) throws SQLException {
        String type = args.size() == 2 ? args.get(1).toLowerCase(Locale.ROOT) : "";
        type = type.startsWith("sql_") ? type.substring(4) : type;
        String hive = TYPES.get(type);
        if (hive == null) {
            throw new SQLSyntaxErrorException("{fn " + text + "}: CONVERT takes a value and one of the JDBC types "
                    + TYPES.keySet().stream().sorted().toList(), "42000");
        }
        return "CAST(" + args.get(0) + " AS " + hive + ")";
    }

    /** {@code EXTRACT(YEAR FROM d)} → {@code year(d)}. */
    private static String extract(String arguments, String text) throws SQLException {
        String[] parts = arguments.trim().split("(?i)\\s+FROM\\s+", 2);
        String field = parts[0].trim().toLowerCase(Locale.ROOT);
        if (parts.length != 2 || !FIELDS.contains(field)) {
            throw new SQLSyntaxErrorException("{fn " + text + "}: write EXTRACT(field FROM value) with a field of "
                    + FIELDS, "42000");
        }
        return field + "(" + parts[1].trim() + ")";
    }

    /** {@code POSITION(a IN b)} → {@code locate(a, b)}. */
    private static String position(String arguments, String text) throws SQLException {
        int in = topLevelKeyword(arguments, "in");
        if (in < 0) {
            throw new SQLSyntaxErrorException("{fn " + text + "}: write POSITION(substring IN string)", "42000");
        }
        return "locate(" + arguments.substring(0, in).trim() + ", " + arguments.substring(in + 2).trim() + ")";
    }

    /** {@code TIMESTAMPDIFF(SQL_TSI_DAY, a, b)} → {@code datediff(b, a)}: days are the unit HiveQL counts. */
    private static String timestampDiff(List<String> args, String text) throws SQLException {
        if (args.size() != 3 || !args.get(0).equalsIgnoreCase("SQL_TSI_DAY")) {
            throw new SQLSyntaxErrorException("{fn " + text + "}: HadoopDB computes TIMESTAMPDIFF in days only "
                    + "(SQL_TSI_DAY)", "42000");
        }
        return "datediff(" + args.get(2) + ", " + args.get(1) + ")";
    }

    private static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** The comma-separated arguments, split outside parentheses, quotes and backticks. */
    static List<String> split(String arguments) {
        List<String> out = new ArrayList<>();
        if (arguments.isBlank()) {
            return out;
        }
        int depth = 0;
        int start = 0;
        char quote = 0;
        for (int i = 0; i < arguments.length(); i++) {
            char c = arguments.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote != '`') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(arguments.substring(start, i).trim());
                start = i + 1;
            }
        }
        out.add(arguments.substring(start).trim());
        return out;
    }

    /** Where {@code keyword} stands as a word outside parentheses and quotes, or -1. */
    private static int topLevelKeyword(String text, String keyword) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote != '`') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && text.regionMatches(true, i, keyword, 0, keyword.length())
                    && (i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)))
                    && (i + keyword.length() >= text.length() || !Character.isLetterOrDigit(text.charAt(i + keyword.length())))) {
                return i;
            }
        }
        return -1;
    }
}
