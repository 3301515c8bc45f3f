package org.hadoopdb.hiveql.parse;

import java.util.Locale;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.hadoopdb.hiveql.HiveQlException;

/**
 * What a double-quoted name means, Hive 4's {@code hive.support.quoted.identifiers}: {@code column}
 * (Hive's default: {@code "x"} is a string, only backticks quote a name) or {@code standard} (SQL's
 * rule: {@code "x"} is the name {@code x}). Tools that generate standard SQL, such as Spark's JDBC
 * source, quote every column with double quotes and get silently wrong answers under {@code column}
 * ({@code WHERE "id" > 5} compares a string).
 *
 * <p>{@link #apply} rewrites a statement for the parser: under {@code standard} every double-quoted
 * token becomes the same name in backticks, the rest of the text (and every position in it) unchanged.
 *
 * <pre>{@code
 * QuotedIdentifiers.STANDARD.apply("SELECT \"id\" FROM t WHERE s = 'a\"b'")  // SELECT `id` FROM t WHERE s = 'a"b'
 * }</pre>
 */
public enum QuotedIdentifiers {
    COLUMN, STANDARD;

    /** The session setting (Hive's name for it). */
    public static final String SETTING = "hive.support.quoted.identifiers";
    private static final Pattern SET_STATEMENT = Pattern.compile("(?is)\\s*set(\\s.*|)");

    /**
     * The choice a setting's value names; unset means {@code column}.
     *
     * @throws HiveQlException naming the setting and the values it takes
     */
    public static QuotedIdentifiers of(String value) {
        if (value == null || value.isBlank()) {
            return COLUMN;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "column" -> COLUMN;
            case "standard" -> STANDARD;
            default -> throw new HiveQlException("Invalid value '" + value + "' for " + SETTING
                    + ": 'column' (only backticks quote names, \"x\" is a string) or 'standard' (\"x\" is a name)");
        };
    }

    /** The statement as the parser should read it under this choice. */
    public String apply(String statement) {
        if (this == COLUMN || statement.indexOf('"') < 0 || SET_STATEMENT.matcher(statement).matches()) {
            return statement; // a SET statement's value is taken as written
        }
        int[] text = statement.codePoints().toArray();
        HiveQLLexer lexer = new HiveQLLexer(CharStreams.fromString(statement));
        lexer.removeErrorListeners();
        StringBuilder out = new StringBuilder(statement.length());
        int copied = 0;
        for (Token t = lexer.nextToken(); t.getType() != Token.EOF; t = lexer.nextToken()) {
            if (t.getType() == HiveQLLexer.STRING && t.getText().startsWith("\"")) {
                out.append(new String(text, copied, t.getStartIndex() - copied)).append(backticked(t.getText()));
                copied = t.getStopIndex() + 1;
            }
        }
        return out.append(new String(text, copied, text.length - copied)).toString();
    }

    /** {@code "a\"b"} as {@code `a"b`}: the lexer's backslash escapes undone, backticks doubled. */
    private static String backticked(String quoted) {
        StringBuilder name = new StringBuilder("`");
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c == '\\' && i + 1 < quoted.length() - 1) {
                c = quoted.charAt(++i);
            }
            name.append(c == '`' ? "``" : String.valueOf(c));
        }
        return name.append('`').toString();
    }
}
