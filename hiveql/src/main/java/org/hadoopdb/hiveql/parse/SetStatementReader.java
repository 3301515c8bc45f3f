package org.hadoopdb.hiveql.parse;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.Token;
import org.hadoopdb.hiveql.ast.SetStatement;

/**
 * {@code SET}, {@code SET key}, {@code SET key=value}, read from the text rather than the grammar:
 * the value is everything after the first '=' (trimmed), whatever it contains, and keys such as
 * {@code mapreduce.job.reduces} or {@code hivevar:x} are not identifiers.
 */
final class SetStatementReader {
    private SetStatementReader() {
    }

    /** The SET statement, or null when the statement does not start with SET. */
    static SetStatement read(CharStream chars, SourceText source) {
        HiveQLLexer lexer = new HiveQLLexer(chars);
        lexer.removeErrorListeners();
        Token first = lexer.nextToken();
        while (first.getChannel() == Token.HIDDEN_CHANNEL) {
            first = lexer.nextToken();
        }
        chars.seek(0);
        if (first.getType() != HiveQLLexer.SET) {
            return null;
        }
        String text = source.span().text();
        String rest = text.substring(text.offsetByCodePoints(0, first.getStopIndex() + 1));
        int equals = rest.indexOf('=');
        String key = (equals < 0 ? rest : rest.substring(0, equals)).strip();
        String value = equals < 0 ? null : rest.substring(equals + 1).strip();
        if (key.isEmpty()) {
            if (value != null) {
                throw source.error(first, "SET needs a key before '=': SET key=value");
            }
            return new SetStatement(null, null, source.span());
        }
        if (key.chars().anyMatch(Character::isWhitespace)) {
            throw source.error(first, "SET key '" + key + "' contains blanks: write SET key=value");
        }
        return new SetStatement(key, value, source.span());
    }
}
