package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuoteCommentScannerTest {

    /** Each run as KIND:text, with a trailing ! when it is unterminated. */
    private static List<String> runs(String text) {
        List<String> out = new ArrayList<>();
        QuoteCommentScanner runs = new QuoteCommentScanner(text);
        while (runs.next()) {
            out.add(runs.kind() + ":" + text.substring(runs.start(), runs.end()) + (runs.terminated() ? "" : "!"));
        }
        return out;
    }

    @Test
    void codeQuotesAndCommentsInTurn() {
        assertThat(runs("SELECT 'a;b', \"c\" FROM `t` -- x\nWHERE /* y */ 1")).containsExactly(
                "CODE:SELECT ", "QUOTED:'a;b'", "CODE:, ", "QUOTED:\"c\"", "CODE: FROM ", "QUOTED:`t`", "CODE: ",
                "LINE_COMMENT:-- x\n", "CODE:WHERE ", "BLOCK_COMMENT:/* y */", "CODE: 1");
    }

    @Test
    void backslashEscapesTheNextCharacterInStrings() {
        assertThat(runs("'it\\'s' \"a\\\\\" x")).containsExactly("QUOTED:'it\\'s'", "CODE: ", "QUOTED:\"a\\\\\"", "CODE: x");
    }

    @Test
    void aDoubledBacktickEndsOneRunAndStartsTheNext() {
        assertThat(runs("`a``b`")).containsExactly("QUOTED:`a`", "QUOTED:`b`");
    }

    @Test
    void lineCommentsEndAtCarriageReturnsToo() {
        assertThat(runs("-- a\r? -- b")).containsExactly("LINE_COMMENT:-- a\r", "CODE:? ", "LINE_COMMENT:-- b");
    }

    @Test
    void blockCommentsDoNotNestAndNeedTheirOwnStar() {
        assertThat(runs("/*/ x */y")).containsExactly("BLOCK_COMMENT:/*/ x */", "CODE:y");
        assertThat(runs("/* a /* b */ c */")).containsExactly("BLOCK_COMMENT:/* a /* b */", "CODE: c */");
    }

    @Test
    void unterminatedQuotesAndCommentsRunToTheEnd() {
        assertThat(runs("x 'a;")).containsExactly("CODE:x ", "QUOTED:'a;!");
        assertThat(runs("'a\\")).containsExactly("QUOTED:'a\\!");
        assertThat(runs("`a")).containsExactly("QUOTED:`a!");
        assertThat(runs("x /* a")).containsExactly("CODE:x ", "BLOCK_COMMENT:/* a!");
        assertThat(runs("x -- a")).containsExactly("CODE:x ", "LINE_COMMENT:-- a");
    }

    @Test
    void emptyTextHasNoRuns() {
        assertThat(runs("")).isEmpty();
    }
}
