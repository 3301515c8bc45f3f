package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.junit.jupiter.api.Test;

class ScriptSplitterTest {

    @Test
    void splitsOnSemicolonsWithStartPositions() {
        List<SourceSpan> spans = HiveQlParser.split("SELECT 1; SELECT 2;\n  SELECT 3");
        assertThat(spans).containsExactly(
                new SourceSpan("SELECT 1", 1, 1),
                new SourceSpan("SELECT 2", 1, 11),
                new SourceSpan("SELECT 3", 2, 3));
    }

    @Test
    void semicolonsInStringsBackticksAndCommentsDoNotSplit() {
        List<SourceSpan> spans = HiveQlParser.split(
                "SELECT 'a;b', \"c;d\", `e;f` FROM t -- g;h\n WHERE x = /* i;j */ 1; SELECT 'it\\'s;'");
        assertThat(spans).extracting(SourceSpan::text).containsExactly(
                "SELECT 'a;b', \"c;d\", `e;f` FROM t -- g;h\n WHERE x = /* i;j */ 1",
                "SELECT 'it\\'s;'");
    }

    @Test
    void tellsWhetherAScriptEndsInsideAStatement() {
        assertThat(HiveQlParser.endsInsideStatement("SELECT 1;")).isFalse();
        assertThat(HiveQlParser.endsInsideStatement("SELECT 1;  -- done\n")).isFalse();
        assertThat(HiveQlParser.endsInsideStatement("")).isFalse();
        assertThat(HiveQlParser.endsInsideStatement("SELECT 1; SELECT")).isTrue();
        assertThat(HiveQlParser.endsInsideStatement("SELECT 'a;")).isTrue();
        assertThat(HiveQlParser.endsInsideStatement("SELECT 1 /* ; */")).isTrue();
        assertThat(HiveQlParser.endsInsideStatement("/* open ;")).isTrue();
    }

    @Test
    void doubledBackticksStayInsideTheName() {
        assertThat(HiveQlParser.split("SELECT `a``;b` FROM t; SELECT 2")).extracting(SourceSpan::text)
                .containsExactly("SELECT `a``;b` FROM t", "SELECT 2");
    }

    @Test
    void emptyAndCommentOnlyPiecesAreDropped() {
        assertThat(HiveQlParser.split(";;  ;\n-- nothing here;\n/* nor ; here */ ;")).isEmpty();
        assertThat(HiveQlParser.split("")).isEmpty();
    }

    @Test
    void leadingAndTrailingCommentsAreNotPartOfTheStatement() {
        List<SourceSpan> spans = HiveQlParser.split("-- load the data\n\n  SELECT a FROM t -- the end\n;");
        assertThat(spans).containsExactly(new SourceSpan("SELECT a FROM t", 3, 3));
    }

    @Test
    void linesAndColumnsAcrossMultiLineStatements() {
        String script = "SELECT a,\n       b\nFROM t;\n\n\tSELECT\n  'x\ny'; SELECT 3";
        List<SourceSpan> spans = HiveQlParser.split(script);
        assertThat(spans).containsExactly(
                new SourceSpan("SELECT a,\n       b\nFROM t", 1, 1),
                new SourceSpan("SELECT\n  'x\ny'", 5, 2),
                new SourceSpan("SELECT 3", 7, 5));
    }

    @Test
    void windowsLineEndings() {
        assertThat(HiveQlParser.split("SELECT 1;\r\nSELECT 2\r\n")).containsExactly(
                new SourceSpan("SELECT 1", 1, 1), new SourceSpan("SELECT 2", 2, 1));
    }

    @Test
    void unterminatedCommentIsKeptForTheParserToReport() {
        assertThat(HiveQlParser.split("SELECT 1; /* open")).containsExactly(
                new SourceSpan("SELECT 1", 1, 1), new SourceSpan("/* open", 1, 11));
    }

    @Test
    void unterminatedStringRunsToTheEnd() {
        assertThat(HiveQlParser.split("SELECT 'a; SELECT 2")).extracting(SourceSpan::text)
                .containsExactly("SELECT 'a; SELECT 2");
    }

    @Test
    void columnsCountCodePoints() {
        assertThat(HiveQlParser.split("SELECT '😀'; SELECT 2")).element(1).isEqualTo(new SourceSpan("SELECT 2", 1, 13));
    }

    @Test
    void parseScriptParsesEveryStatement() {
        var statements = HiveQlParser.parseScript("SET x=1; SELECT a FROM t;\nDROP TABLE t");
        assertThat(statements).hasSize(3);
        assertThat(statements.get(2).span()).isEqualTo(new SourceSpan("DROP TABLE t", 2, 1));
    }
}
