package org.hadoopdb.hiveql.parse;

import java.util.Locale;
import org.antlr.v4.runtime.Token;

/** Names as the catalog stores them: backticks removed ({@code ``} is a literal backtick), lower case. */
final class Identifiers {
    private Identifiers() {
    }

    static String name(HiveQL.IdentifierContext ctx, SourceText source) {
        Token token = ctx.getStart();
        String text = token.getText();
        if (token.getType() == HiveQLLexer.BACKQUOTED_IDENTIFIER) {
            text = text.substring(1, text.length() - 1).replace("``", "`");
            if (text.isEmpty()) {
                throw source.error(token, "empty quoted identifier ``: a name needs at least one character");
            }
        }
        return lower(text);
    }

    static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}
