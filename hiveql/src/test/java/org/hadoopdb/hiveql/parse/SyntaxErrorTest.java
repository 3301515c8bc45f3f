package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.hadoopdb.hiveql.HiveQlException;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.junit.jupiter.api.Test;

/** One test per class of error: where it is, what is wrong, and what was expected. */
class SyntaxErrorTest {

    private static HiveQlSyntaxException error(String statement) {
        return error(SourceSpan.of(statement));
    }

    private static HiveQlSyntaxException error(SourceSpan statement) {
        return catchThrowableOfType(HiveQlSyntaxException.class, () -> HiveQlParser.parse(statement));
    }

    @Test
    void unexpectedTokenNamesWhatWasExpected() {
        HiveQlSyntaxException e = error("SELECT a AS x FORM t");
        assertThat(e).isInstanceOf(HiveQlException.class);
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(15);
        assertThat(e.offendingToken()).isEqualTo("FORM");
        assertThat(e.expectedTokens()).startsWith("','", "FROM", "WHERE", "GROUP", "HAVING").contains("end of input");
        assertThat(e.getMessage()).isEqualTo("""
                line 1:15: syntax error at 'FORM': expected one of ',', FROM, WHERE, GROUP, HAVING, WINDOW, UNION, \
                INTERSECT, EXCEPT, MINUS, ORDER, SORT, CLUSTER, DISTRIBUTE, LIMIT, …
                SELECT a AS x FORM t
                              ^""");
    }

    @Test
    void positionIsInTheScript() {
        HiveQlSyntaxException e = error(new SourceSpan("SELECT a\n  FROM t WHERE", 4, 10));
        assertThat(e.line()).isEqualTo(5);
        assertThat(e.column()).isEqualTo(15);
        assertThat(e.offendingToken()).isEqualTo("<EOF>");
        assertThat(e.getMessage()).isEqualTo("""
                line 5:15: syntax error at end of input: expected an expression
                  FROM t WHERE
                              ^""");
    }

    @Test
    void firstLineColumnsAreOffsetByTheStatementStart() {
        HiveQlSyntaxException e = error(HiveQlParser.split("SELECT 1; SELECT FROM t").get(1));
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(18);
        assertThat(e.reason()).isEqualTo("syntax error at 'FROM': expected one of '*', ALL, DISTINCT, an expression");
        assertThat(e.getMessage()).endsWith("SELECT FROM t\n       ^");
    }

    @Test
    void missingFromExpression() {
        HiveQlSyntaxException e = error("SELECT * FROM WHERE a = 1");
        assertThat(e.column()).isEqualTo(15);
        assertThat(e.reason()).isEqualTo("syntax error at 'WHERE': expected one of '(', an identifier");
    }

    @Test
    void missingTokenAtTheEnd() {
        HiveQlSyntaxException e = error("SELECT count(a FROM t");
        assertThat(e.offendingToken()).isEqualTo("FROM");
        assertThat(e.expectedTokens()).contains("')'", "','");
    }

    @Test
    void reservedKeywordAsNameGetsAHint() {
        assertThat(error("SELECT date FROM t").reason())
                .endsWith("('date' is a reserved keyword: write `date` to use it as a name)");
        assertThat(error("SELECT a, order FROM t").reason())
                .isEqualTo("syntax error at 'order': expected one of '*', an expression "
                        + "('order' is a reserved keyword: write `order` to use it as a name)");
    }

    @Test
    void unterminatedString() {
        HiveQlSyntaxException e = error("SELECT a\nFROM t WHERE b = 'abc");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(18);
        assertThat(e.reason()).isEqualTo("unterminated string literal: the quote ' opened here is never closed");
        assertThat(e.getMessage()).endsWith("FROM t WHERE b = 'abc\n                 ^");
        assertThat(error("SELECT \"abc\\\"").reason()).startsWith("unterminated string literal: the quote \"");
    }

    @Test
    void unterminatedComment() {
        HiveQlSyntaxException e = error("SELECT a /* the a\n column");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(10);
        assertThat(e.reason()).isEqualTo("unterminated comment: '/*' opened here has no closing '*/'");
        assertThat(e.offendingToken()).isEqualTo("/*");
    }

    @Test
    void unterminatedQuotedName() {
        assertThat(error("SELECT `a FROM t").reason())
                .isEqualTo("unterminated quoted identifier: the backtick opened here is never closed");
    }

    @Test
    void unexpectedCharacter() {
        HiveQlSyntaxException e = error("SELECT a # b FROM t");
        assertThat(e.column()).isEqualTo(10);
        assertThat(e.reason()).isEqualTo("unexpected character '#'");
        assertThat(error("SELECT ${hiveconf:x}").reason()).contains("variable substitution");
    }

    @Test
    void badCreateTable() {
        HiveQlSyntaxException missingType = error("CREATE TABLE t (a INT, b)");
        assertThat(missingType.column()).isEqualTo(25);
        assertThat(missingType.reason()).isEqualTo("syntax error at ')': expected one of DATE, DOUBLE, TIMESTAMP, an identifier");

        HiveQlSyntaxException unknownType = error("CREATE TABLE t (a INT, b TEXTISH)");
        assertThat(unknownType.column()).isEqualTo(26);
        assertThat(unknownType.reason()).startsWith("Unknown column type 'textish'; supported: tinyint, smallint, int");

        assertThat(error("CREATE TABLE t (a DECIMAL(40, 2))").reason()).isEqualTo("DECIMAL precision must be between 1 and 38, got 40");
        assertThat(error("CREATE TABLE t (a VARCHAR)").reason()).contains("needs exactly one length");
        assertThat(error("CREATE TABLE t").reason()).isEqualTo("CREATE TABLE t needs a column list '(name type, …)' or AS SELECT …");
        assertThat(error("CREATE TABLE t (a INT, A STRING)").reason()).isEqualTo("column 'a' is declared twice");
        assertThat(error("CREATE TABLE t (a INT) STORED AS PARQUET").reason()).startsWith("STORED AS PARQUET is not supported");
        assertThat(error("CREATE TABLE t (a INT) CLUSTERED BY (a) INTO 0 BUCKETS").reason())
                .isEqualTo("the number of buckets must be positive, got 0");
        assertThat(error("CREATE TABLE t (a INT) TBLPROPERTIES ('k'='1', 'k'='2')").reason())
                .isEqualTo("table property 'k' is given twice");
        assertThat(error("CREATE TABLE t (a INT) LOCATION '/x'").reason()).startsWith("LOCATION needs CREATE EXTERNAL TABLE");
        assertThat(error("CREATE TABLE t (a INT) SORTED BY (a)").reason())
                .isEqualTo("syntax error at 'SORTED': expected one of AS, CLUSTERED, COMMENT, LOCATION, PARTITIONED, ROW, STORED, TBLPROPERTIES, end of input");
    }

    @Test
    void aNameHasAtMostADatabaseAndATable() {
        HiveQlSyntaxException e = error("SELECT * FROM `sales.t`");
        assertThat(e.column()).isEqualTo(15);
        assertThat(e.reason()).isEqualTo("table name 'sales.t' must not contain a dot: write `db`.`table`");
        assertThat(error("CREATE DATABASE `a.b`").reason()).isEqualTo("database name 'a.b' must not contain a dot");
    }

    @Test
    void emptyStatement() {
        assertThat(error("  -- nothing\n").reason()).isEqualTo("empty statement: nothing to run");
    }

    @Test
    void trailingSemicolonIsNotPartOfAStatement() {
        HiveQlSyntaxException e = error("SELECT 1;");
        assertThat(e.offendingToken()).isEqualTo(";");
        assertThat(e.expectedTokens()).contains("end of input");
    }

    @Test
    void nonAssociativeComparison() {
        assertThat(error("SELECT a FROM t WHERE a < b < c").reason()).startsWith("syntax error at '<'");
    }

    @Test
    void explainOnlyOfQueriesInsertsAndCreateTable() {
        assertThat(error("EXPLAIN DROP TABLE t").reason())
                .isEqualTo("syntax error at 'DROP': expected one of '(', CREATE, EXTENDED, INSERT, SELECT, WITH");
    }

    @Test
    void parseScriptStopsAtTheFirstError() {
        var e = catchThrowableOfType(HiveQlSyntaxException.class,
                () -> HiveQlParser.parseScript("SELECT 1;\nSELECT 2 +;\nSELECT 3 +;"));
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(11);
    }
}
