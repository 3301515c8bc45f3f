package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.Token;
import org.hadoopdb.hiveql.ast.AddJarStatement;
import org.hadoopdb.hiveql.ast.ListJarsStatement;
import org.hadoopdb.hiveql.ast.Statement;

/**
 * {@code ADD JAR[S] path …} and {@code LIST JAR[S] [path …]}, read from the text rather than the grammar,
 * as Hive's command processor reads them: the paths are the words after the keywords, quoted or not
 * ({@code ADD JAR /tmp/udf.jar}, {@code ADD JARS 'a.jar' "b c.jar"}).
 */
final class ResourceStatementReader {
    private ResourceStatementReader() {
    }

    /** The statement, or null when the statement is neither ADD nor LIST. */
    static Statement read(CharStream chars, SourceText source) {
        HiveQLLexer lexer = new HiveQLLexer(chars);
        lexer.removeErrorListeners();
        Token first = next(lexer);
        Token second = next(lexer);
        chars.seek(0);
        boolean add = first.getType() == HiveQLLexer.ADD;
        if (!add && !(first.getType() == HiveQLLexer.IDENTIFIER && first.getText().equalsIgnoreCase("list"))) {
            return null;
        }
        String kind = second.getType() == Token.EOF ? "" : second.getText().toLowerCase(Locale.ROOT);
        if (!kind.equals("jar") && !kind.equals("jars")) {
            throw source.error(second.getType() == Token.EOF ? first : second, (add ? "ADD" : "LIST") + " takes jars only: "
                    + (add ? "ADD JAR 'path'" : "LIST JARS") + " (files and archives are not supported)");
        }
        String text = source.span().text();
        List<String> paths = words(text.substring(text.offsetByCodePoints(0, second.getStopIndex() + 1)), source, second);
        if (add && paths.isEmpty()) {
            throw source.error(second, "ADD JAR needs the path of a jar: ADD JAR '/path/to/udf.jar'");
        }
        return add ? new AddJarStatement(paths, source.span()) : new ListJarsStatement(paths, source.span());
    }

    private static Token next(HiveQLLexer lexer) {
        Token t = lexer.nextToken();
        while (t.getChannel() == Token.HIDDEN_CHANNEL) {
            t = lexer.nextToken();
        }
        return t;
    }

    /** Blank-separated words, each maybe in single or double quotes (with backslash escapes, as Hive strings). */
    private static List<String> words(String rest, SourceText source, Token at) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = rest.length();
        while (i < n) {
            char c = rest.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            StringBuilder word = new StringBuilder();
            if (c == '\'' || c == '"') {
                int j = i + 1;
                while (j < n && rest.charAt(j) != c) {
                    word.append(rest.charAt(j) == '\\' && j + 1 < n ? rest.charAt(++j) : rest.charAt(j));
                    j++;
                }
                if (j >= n) {
                    throw source.error(at, "unterminated quoted path: " + rest.substring(i).strip());
                }
                i = j + 1;
            } else {
                while (i < n && !Character.isWhitespace(rest.charAt(i))) {
                    word.append(rest.charAt(i++));
                }
            }
            out.add(word.toString());
        }
        return out;
    }
}
