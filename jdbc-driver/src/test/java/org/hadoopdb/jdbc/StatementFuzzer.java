package org.hadoopdb.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates malformed and odd HiveQL statements, deterministically from a seed, from a small
 * grammar of fragments: valid statements truncated or with a quote or parenthesis thrown in, token
 * soup, deep nesting, huge literals, unknown names, wrong types, odd Unicode, and statements with
 * nothing in them. Every statement reads only the table {@code <prefix>visits} (the driver tests'
 * 300 rows) or names that do not exist, so none writes and none runs long.
 */
final class StatementFuzzer {
    private final Random random;
    private final String t;

    StatementFuzzer(long seed, String prefix) {
        this.random = new Random(seed);
        this.t = prefix + "visits";
    }

    /** Valid statements, the material the malformed ones are made of. */
    List<String> valid() {
        return List.of(
                "SELECT * FROM " + t + " LIMIT 5",
                "SELECT COUNT(*), SUM(duration), AVG(score) FROM " + t,
                "SELECT countrycode, COUNT(*) AS n FROM " + t + " GROUP BY countrycode ORDER BY n DESC",
                "SELECT sourceip, MAX(adrevenue) FROM " + t + " WHERE duration BETWEEN 10 AND 200 GROUP BY sourceip",
                "SELECT desturl, visitdate FROM " + t + " WHERE flag AND countrycode = 'de' ORDER BY visitdate LIMIT 10",
                "SELECT upper(sourceip), substr(desturl, 2, 3), date_add(visitdate, 3) FROM " + t + " LIMIT 3",
                "SELECT a.desturl, COUNT(*) FROM " + t + " a JOIN " + t + " b ON a.desturl = b.desturl "
                        + "WHERE a.duration < 20 GROUP BY a.desturl",
                "SELECT CASE WHEN score > 10 THEN 'high' ELSE 'low' END, COUNT(*) FROM " + t
                        + " GROUP BY CASE WHEN score > 10 THEN 'high' ELSE 'low' END",
                "SELECT x.c FROM (SELECT countrycode AS c, SUM(duration) AS s FROM " + t + " GROUP BY countrycode) x "
                        + "WHERE x.s > 100",
                "SELECT desturl, rank() OVER (PARTITION BY countrycode ORDER BY duration) FROM " + t + " LIMIT 5",
                "SELECT CAST(duration AS STRING), CAST('12' AS INT), 1 + 2 * 3 FROM " + t + " LIMIT 2",
                "SELECT COUNT(DISTINCT sourceip) FROM " + t + " WHERE desturl LIKE 'url1%'",
                "DESCRIBE " + t,
                "SHOW TABLES",
                "EXPLAIN SELECT COUNT(*) FROM " + t);
    }

    /** {@code count} statements: every category in turn, each statement's details drawn from the seed. */
    List<String> generate(int count) {
        List<String> out = new ArrayList<>(fixed());
        while (out.size() < count) {
            out.add(switch (out.size() % 9) {
                case 0 -> truncated();
                case 1 -> soup();
                case 2 -> unbalanced();
                case 3 -> nested();
                case 4 -> huge();
                case 5 -> unknownName();
                case 6 -> wrongType();
                case 7 -> unicode();
                default -> nothing();
            });
        }
        return out;
    }

    /** Statements every run has, whatever the seed. */
    private List<String> fixed() {
        List<String> out = new ArrayList<>(valid());
        out.addAll(List.of("", " ", "\t\n  \r\n", "-- a comment", "/* a comment */", "/* a */ -- b\n", ";", ";;",
                "SELECT 1;;", ";; SELECT 1", "SELECT 1; SELECT 2", "'", "\"", "`", "(", ")", "/*", "--", "\u0000",
                "SELECT '\u0000'", "SELECT 1 FROM " + t + " WHERE desturl = '\uD800'", "SELECT \uFEFF1",
                "SELECT repeat('x', 2000000000)", "SELECT repeat(sourceip, 2000000000) FROM " + t,
                "SELECT 99999999999999999999999999999999999999999", "SELECT 1e999", "SELECT -1e-999",
                "SELECT CAST('abc' AS INT)", "SELECT 1/0, 1 % 0", "SELECT * FROM " + t + " a, " + t + " b LIMIT 1"));
        return out;
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    private String truncated() {
        String s = pick(valid());
        return s.substring(0, 1 + random.nextInt(s.length() - 1));
    }

    private static final List<String> TOKENS = List.of("SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "HAVING",
            "JOIN", "ON", "LEFT", "OUTER", "UNION", "ALL", "LIMIT", "AS", "AND", "OR", "NOT", "IN", "IS", "NULL",
            "CASE", "WHEN", "THEN", "ELSE", "END", "CAST", "OVER", "PARTITION", "DISTINCT", "EXISTS", "BETWEEN",
            "LIKE", "RLIKE", "TABLE", "DESCRIBE", "EXPLAIN", "WITH", "*", ",", ".", "(", ")", "=", "<>", "<", ">=",
            "+", "-", "/", "%", "||", ";", "'", "\"", "`", "1", "0", "-1", "3.14", "'x'", "\"y\"", "`z`", "duration",
            "desturl", "score", "flag", "visitdate", "countrycode", "nosuch", "COUNT", "SUM", "substr", "upper",
            "date_add", "?", "$", "@", "#", "{", "}", "[", "]", "\\", "TRUE", "FALSE", "INTERVAL", "DATE");

    private String soup() {
        StringBuilder s = new StringBuilder(random.nextBoolean() ? "SELECT " : "");
        int n = 1 + random.nextInt(25);
        for (int i = 0; i < n; i++) {
            s.append(random.nextInt(5) == 0 ? t : pick(TOKENS)).append(random.nextInt(6) == 0 ? "" : " ");
        }
        return s.toString();
    }

    private String unbalanced() {
        String s = pick(valid());
        int at = random.nextInt(s.length() + 1);
        return s.substring(0, at) + pick(List.of("'", "\"", "`", "(", ")", "((", "))", "/*", "[", "'''")) + s.substring(at);
    }

    private String nested() {
        int depth = pick(List.of(50, 200, 500, 1000, 3000));
        return switch (random.nextInt(6)) {
            case 0 -> "SELECT " + "(".repeat(depth) + "duration" + ")".repeat(depth) + " FROM " + t + " LIMIT 1";
            case 1 -> "SELECT " + "(".repeat(depth) + "1" + ")".repeat(depth - 1);
            case 2 -> "SELECT " + "1 + ".repeat(depth) + "1";
            case 3 -> "SELECT COUNT(*) FROM " + t + " WHERE " + "NOT ".repeat(depth) + "flag";
            case 4 -> "SELECT " + "upper(".repeat(depth) + "sourceip" + ")".repeat(depth) + " FROM " + t + " LIMIT 1";
            default -> "SELECT * FROM " + "(SELECT * FROM ".repeat(Math.min(depth, 200)) + t
                    + ") x".repeat(Math.min(depth, 200)) + " LIMIT 1";
        };
    }

    private String huge() {
        int size = pick(List.of(10_000, 100_000, 1_000_000));
        return switch (random.nextInt(5)) {
            case 0 -> "SELECT COUNT(*) FROM " + t + " WHERE desturl = '" + "x".repeat(size) + "'";
            case 1 -> "SELECT " + "9".repeat(Math.min(size, 100_000));
            case 2 -> "SELECT length('" + "\u00e9".repeat(size) + "')";
            case 3 -> "SELECT duration FROM " + t + " WHERE duration IN (" + "1,".repeat(Math.min(size, 20_000)) + "2)";
            default -> "SELECT `" + "c".repeat(Math.min(size, 100_000)) + "` FROM " + t;
        };
    }

    private String unknownName() {
        String name = "no_" + Integer.toString(random.nextInt(1_000_000), 36);
        return switch (random.nextInt(6)) {
            case 0 -> "SELECT * FROM " + name;
            case 1 -> "SELECT " + name + " FROM " + t;
            case 2 -> "SELECT " + name + "(duration) FROM " + t;
            case 3 -> "SELECT COUNT(*) FROM " + t + " GROUP BY " + name;
            case 4 -> "SELECT x." + name + " FROM " + t + " x";
            default -> "DESCRIBE " + name;
        };
    }

    private String wrongType() {
        return "SELECT " + pick(List.of("duration + flag", "date_add(flag, 'x')", "substr(duration)",
                "upper(1, 2, 3)", "SUM(desturl)", "AVG(visitdate)", "flag AND 'yes'", "visitdate - 'x'",
                "CAST(visitdate AS BOOLEAN)", "COUNT(*) + desturl", "SUM(COUNT(*))", "duration[1]",
                "desturl.x", "CASE WHEN 1 THEN 'a' ELSE 2 END", "rank()", "1 BETWEEN 'a' AND flag",
                "duration IN ('a', flag)", "ROW_NUMBER() OVER ()", "visitdate > 3.5"))
                + " FROM " + t + (random.nextBoolean() ? "" : " GROUP BY countrycode");
    }

    private static final List<String> ODD = List.of("\u202E", "\u200B", "\uFEFF", "\u0301", "\uD83D\uDE00", "\uD800",
            "\uDC00", "\u0000", "\u0007", "\u00A0", "\u2028", "\uFFFF", "\u0130", "\u00DF", "\u4E2D\u6587", "\\",
            "\\u0027", "\r");

    private String unicode() {
        String odd = pick(ODD);
        return switch (random.nextInt(5)) {
            case 0 -> "SELECT '" + odd + "', COUNT(*) FROM " + t;
            case 1 -> "SELECT duration FROM " + t + " WHERE desturl = 'url" + odd + "'";
            case 2 -> "SELECT `col" + odd + "` FROM " + t;
            case 3 -> "SELECT" + odd + " 1";
            default -> {
                String s = pick(valid());
                int at = random.nextInt(s.length());
                yield s.substring(0, at) + odd + s.substring(at);
            }
        };
    }

    private String nothing() {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            s.append(pick(List.of(" ", "\t", "\n", ";", ";;", "-- c\n", "/* c */", "\r\n", "\u00A0")));
        }
        return s.toString();
    }
}
