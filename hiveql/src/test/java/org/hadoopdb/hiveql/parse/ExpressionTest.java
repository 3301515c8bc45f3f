package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hadoopdb.hiveql.parse.Parsing.expr;
import static org.hadoopdb.hiveql.parse.Parsing.expressionNode;
import static org.hadoopdb.hiveql.parse.Parsing.sql;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.hadoopdb.functions.HiveOperators;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Operators, predicates, CASE, CAST, function calls and window functions. */
class ExpressionTest {

    private static SqlCall call(String expression) {
        return (SqlCall) expressionNode(expression);
    }

    @Nested
    class Arithmetic {
        @Test
        void hiveDivisionOperators() {
            assertThat(call("a / b").getOperator()).isSameAs(HiveOperators.DIVIDE);
            assertThat(call("a DIV b").getOperator()).isSameAs(HiveOperators.INT_DIVIDE);
            assertThat(call("a % b").getOperator()).isSameAs(SqlStdOperatorTable.PERCENT_REMAINDER);
            assertThat(expr("a / b + a DIV b - a % b")).isEqualTo("\"a\" / \"b\" + \"a\" DIV \"b\" - \"a\" % \"b\"");
        }

        @Test
        void multiplicationBindsTighterThanAddition() {
            assertThat(expr("a + b * c")).isEqualTo("\"a\" + \"b\" * \"c\"");
            assertThat(expr("(a + b) * c")).isEqualTo("(\"a\" + \"b\") * \"c\"");
            assertThat(expr("a - b - c")).isEqualTo("\"a\" - \"b\" - \"c\"");
            assertThat(expr("a - (b - c)")).isEqualTo("\"a\" - (\"b\" - \"c\")");
        }

        @Test
        void unaryOperators() {
            assertThat(call("-a").getOperator()).isSameAs(SqlStdOperatorTable.UNARY_MINUS);
            assertThat(call("+a").getOperator()).isSameAs(SqlStdOperatorTable.UNARY_PLUS);
            assertThat(expr("- -a")).isEqualTo("- (- \"a\")");
            assertThat(expr("-a * b")).isEqualTo("- \"a\" * \"b\"");
        }

        @Test
        void concatenationIsHiveConcat() {
            SqlCall concat = call("a || b || 'c'");
            assertThat(concat.getOperator().getName()).isEqualTo("concat");
            assertThat(concat.operandCount()).isEqualTo(3);
            assertThat(expr("a || b + 1")).isEqualTo("\"concat\"(\"a\", \"b\" + 1)");
        }
    }

    @Nested
    class Comparisons {
        @Test
        void equalityOperators() {
            assertThat(call("a = b").getOperator()).isSameAs(SqlStdOperatorTable.EQUALS);
            assertThat(call("a == b").getOperator()).isSameAs(SqlStdOperatorTable.EQUALS);
            assertThat(call("a <> b").getOperator()).isSameAs(SqlStdOperatorTable.NOT_EQUALS);
            assertThat(call("a != b").getOperator()).isSameAs(SqlStdOperatorTable.NOT_EQUALS);
            assertThat(call("a <=> b").getOperator()).isSameAs(SqlStdOperatorTable.IS_NOT_DISTINCT_FROM);
            assertThat(call("a IS NOT DISTINCT FROM b").getOperator()).isSameAs(SqlStdOperatorTable.IS_NOT_DISTINCT_FROM);
            assertThat(call("a IS DISTINCT FROM b").getOperator()).isSameAs(SqlStdOperatorTable.IS_DISTINCT_FROM);
        }

        @Test
        void orderingComparisons() {
            assertThat(expr("a < b")).isEqualTo("\"a\" < \"b\"");
            assertThat(expr("a <= b")).isEqualTo("\"a\" <= \"b\"");
            assertThat(expr("a > b")).isEqualTo("\"a\" > \"b\"");
            assertThat(expr("a >= b")).isEqualTo("\"a\" >= \"b\"");
        }

        @Test
        void comparisonsBindTighterThanEquality() {
            SqlCall equals = call("a < b = c > d");
            assertThat(equals.getKind()).isEqualTo(SqlKind.EQUALS);
            assertThat(equals.operand(0).getKind()).isEqualTo(SqlKind.LESS_THAN);
            assertThat(equals.operand(1).getKind()).isEqualTo(SqlKind.GREATER_THAN);
        }

        @Test
        void isNullAndFriendsApplyToTheWholeComparison() {
            assertThat(expr("a IS NULL")).isEqualTo("\"a\" IS NULL");
            assertThat(expr("a IS NOT NULL")).isEqualTo("\"a\" IS NOT NULL");
            assertThat(expr("a IS TRUE")).isEqualTo("\"a\" IS TRUE");
            assertThat(expr("a IS NOT FALSE")).isEqualTo("\"a\" IS NOT FALSE");
            SqlCall isNull = call("a + b IS NULL");
            assertThat(isNull.getKind()).isEqualTo(SqlKind.IS_NULL);
            assertThat(isNull.operand(0).getKind()).isEqualTo(SqlKind.PLUS);
            assertThat(call("a = b IS NULL").operand(0).getKind()).isEqualTo(SqlKind.EQUALS);
        }

        @Test
        void betweenInAndExists() {
            assertThat(expr("a BETWEEN 1 AND b + 1")).isEqualTo("\"a\" BETWEEN ASYMMETRIC 1 AND \"b\" + 1");
            assertThat(expr("a NOT BETWEEN 1 AND 2")).isEqualTo("\"a\" NOT BETWEEN ASYMMETRIC 1 AND 2");
            assertThat(expr("a IN (1, 2, b)")).isEqualTo("\"a\" IN (1, 2, \"b\")");
            assertThat(expr("a NOT IN (1)")).isEqualTo("\"a\" NOT IN (1)");
            assertThat(call("EXISTS (SELECT 1 FROM u)").getKind()).isEqualTo(SqlKind.EXISTS);
        }

        @Test
        void betweenBoundsStopAtAnd() {
            SqlCall and = call("a BETWEEN 1 AND 2 AND b");
            assertThat(and.getKind()).isEqualTo(SqlKind.AND);
            assertThat(and.operand(0).getKind()).isEqualTo(SqlKind.BETWEEN);
        }
    }

    @Nested
    class Logic {
        @Test
        void andBindsTighterThanOr() {
            SqlCall or = call("a OR b AND c");
            assertThat(or.getKind()).isEqualTo(SqlKind.OR);
            assertThat(or.operand(1).getKind()).isEqualTo(SqlKind.AND);
        }

        @Test
        void notAppliesToTheComparisonAndBangIsNot() {
            SqlCall not = call("NOT a = b");
            assertThat(not.getKind()).isEqualTo(SqlKind.NOT);
            assertThat(not.operand(0).getKind()).isEqualTo(SqlKind.EQUALS);
            assertThat(call("! a").getKind()).isEqualTo(SqlKind.NOT);
            assertThat(call("NOT a IS NULL").operand(0).getKind()).isEqualTo(SqlKind.IS_NULL);
        }
    }

    @Nested
    class PatternMatching {
        @Test
        void likeHasAnExplicitBackslashEscape() {
            SqlCall like = call("s LIKE 'a%'");
            assertThat(like.getOperator()).isSameAs(SqlStdOperatorTable.LIKE);
            assertThat(like.operandCount()).isEqualTo(3);
            assertThat(sql(like.operand(2))).isEqualTo("_UTF-16'\\'");
            assertThat(call("s NOT LIKE 'a%'").getOperator()).isSameAs(SqlStdOperatorTable.NOT_LIKE);
        }

        @Test
        void literalPatternsKeepHiveMeaning() {
            // Hive: \% and \_ are escapes, any other backslash is itself.
            assertThat(expr("s LIKE 'a\\\\%b\\\\_c%'")).isEqualTo("\"s\" LIKE _UTF-16'a\\%b\\_c%' ESCAPE _UTF-16'\\'");
            assertThat(expr("s LIKE 'a\\%'")).isEqualTo("\"s\" LIKE _UTF-16'a\\%' ESCAPE _UTF-16'\\'");
            // 'C:\\\\dir%' is C:\\dir% in Hive: two literal backslashes, doubled again for ESCAPE '\'.
            assertThat(expr("s LIKE 'C:\\\\\\\\dir%'")).isEqualTo("\"s\" LIKE _UTF-16'C:\\\\\\\\dir%' ESCAPE _UTF-16'\\'");
        }

        @Test
        void nonLiteralPatternIsKeptAsWritten() {
            assertThat(expr("s LIKE b")).isEqualTo("\"s\" LIKE \"b\" ESCAPE _UTF-16'\\'");
        }

        @Test
        void rlikeAndRegexp() {
            assertThat(call("s RLIKE '^a'").getOperator()).isSameAs(HiveOperators.RLIKE);
            assertThat(call("s REGEXP '^a'").getOperator()).isSameAs(HiveOperators.RLIKE);
            SqlCall not = call("s NOT RLIKE '^a'");
            assertThat(not.getKind()).isEqualTo(SqlKind.NOT);
            assertThat(((SqlCall) not.operand(0)).getOperator()).isSameAs(HiveOperators.RLIKE);
            assertThat(call("s NOT REGEXP 'x'").getKind()).isEqualTo(SqlKind.NOT);
        }
    }

    @Nested
    class CaseAndCast {
        @Test
        void searchedAndSimpleCase() {
            assertThat(expr("CASE WHEN a > 1 THEN 'x' ELSE 'y' END"))
                    .isEqualTo("CASE WHEN \"a\" > 1 THEN _UTF-16'x' ELSE _UTF-16'y' END");
            assertThat(expr("CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' END"))
                    .isEqualTo("CASE WHEN \"a\" = 1 THEN _UTF-16'one' WHEN \"a\" = 2 THEN _UTF-16'two' ELSE NULL END");
        }

        @Test
        void castToEveryHiveType() {
            assertThat(expr("CAST(a AS STRING)")).isEqualTo("CAST(\"a\" AS VARCHAR)");
            assertThat(expr("CAST(a AS VARCHAR(10))")).isEqualTo("CAST(\"a\" AS VARCHAR(10))");
            assertThat(expr("CAST(a AS CHAR(3))")).isEqualTo("CAST(\"a\" AS CHAR(3))");
            assertThat(expr("CAST(a AS TINYINT)")).isEqualTo("CAST(\"a\" AS TINYINT)");
            assertThat(expr("CAST(a AS SMALLINT)")).isEqualTo("CAST(\"a\" AS SMALLINT)");
            assertThat(expr("CAST(a AS INT)")).isEqualTo("CAST(\"a\" AS INTEGER)");
            assertThat(expr("CAST(a AS INTEGER)")).isEqualTo("CAST(\"a\" AS INTEGER)");
            assertThat(expr("CAST(a AS BIGINT)")).isEqualTo("CAST(\"a\" AS BIGINT)");
            assertThat(expr("CAST(a AS FLOAT)")).isEqualTo("CAST(\"a\" AS REAL)");
            assertThat(expr("CAST(a AS DOUBLE)")).isEqualTo("CAST(\"a\" AS DOUBLE)");
            assertThat(expr("CAST(a AS DOUBLE PRECISION)")).isEqualTo("CAST(\"a\" AS DOUBLE)");
            assertThat(expr("CAST(a AS DECIMAL)")).isEqualTo("CAST(\"a\" AS DECIMAL(10, 0))");
            assertThat(expr("CAST(a AS DECIMAL(7))")).isEqualTo("CAST(\"a\" AS DECIMAL(7, 0))");
            assertThat(expr("CAST(a AS decimal( 12 , 3 ))")).isEqualTo("CAST(\"a\" AS DECIMAL(12, 3))");
            assertThat(expr("CAST(a AS BOOLEAN)")).isEqualTo("CAST(\"a\" AS BOOLEAN)");
            assertThat(expr("CAST(a AS DATE)")).isEqualTo("CAST(\"a\" AS DATE)");
            assertThat(expr("CAST(a AS TIMESTAMP)")).isEqualTo("CAST(\"a\" AS TIMESTAMP)");
            assertThat(expr("CAST(a AS BINARY)")).isEqualTo("CAST(\"a\" AS VARBINARY)");
        }
    }

    @Nested
    class Functions {
        @Test
        void callsAreUnresolvedLowerCaseUserDefinedFunctions() {
            SqlBasicCall call = (SqlBasicCall) expressionNode("SubStr(s, 1, 2)");
            assertThat(call.getOperator()).isInstanceOf(SqlUnresolvedFunction.class);
            SqlUnresolvedFunction function = (SqlUnresolvedFunction) call.getOperator();
            assertThat(function.getName()).isEqualTo("substr");
            assertThat(function.getFunctionType()).isEqualTo(SqlFunctionCategory.USER_DEFINED_FUNCTION);
            assertThat(call.getFunctionQuantifier()).isNull();
            assertThat(call.operandCount()).isEqualTo(3);
        }

        @Test
        void countStarAndDistinctAggregates() {
            SqlBasicCall countStar = (SqlBasicCall) expressionNode("count(*)");
            assertThat(countStar.getOperator().getName()).isEqualTo("count");
            assertThat(((SqlIdentifier) countStar.operand(0)).isStar()).isTrue();
            SqlBasicCall distinct = (SqlBasicCall) expressionNode("COUNT(DISTINCT a, b)");
            assertThat(distinct.getFunctionQuantifier().getValue()).isEqualTo(SqlSelectKeyword.DISTINCT);
            assertThat(distinct.operandCount()).isEqualTo(2);
            assertThat(expr("sum(DISTINCT x)")).isEqualTo("SUM(DISTINCT \"x\")");
            assertThat(expr("count(ALL x)")).isEqualTo("COUNT(\"x\")");
        }

        @Test
        void keywordNamedFunctions() {
            assertThat(expr("if(a > 1, 1, 2)")).isEqualTo("\"if\"(\"a\" > 1, 1, 2)");
            assertThat(expr("left(s, 2)")).isEqualTo("\"left\"(\"s\", 2)");
            assertThat(expr("RIGHT(s, 2)")).isEqualTo("\"right\"(\"s\", 2)");
            assertThat(((SqlCall) expressionNode("date(s)")).getOperator().getName()).isEqualTo("date");
            assertThat(((SqlCall) expressionNode("timestamp(s)")).getOperator().getName()).isEqualTo("timestamp");
        }

        @Test
        void currentDateAndTimestampAreCallsWithoutOperands() {
            SqlCall date = call("current_date");
            assertThat(date.getOperator().getName()).isEqualTo("current_date");
            assertThat(date.operandCount()).isZero();
            assertThat(call("CURRENT_TIMESTAMP()").getOperator().getName()).isEqualTo("current_timestamp");
        }

        @Test
        void extractIsHiveFieldFunction() {
            assertThat(call("EXTRACT(YEAR FROM d)").getOperator().getName()).isEqualTo("year");
            assertThat(call("extract(week FROM d)").getOperator().getName()).isEqualTo("weekofyear");
            assertThat(call("extract(dow FROM d)").getOperator().getName()).isEqualTo("dayofweek");
        }

        @Test
        void backquotedFunctionName() {
            assertThat(call("`My_Udf`(a)").getOperator().getName()).isEqualTo("my_udf");
        }
    }

    @Nested
    class Windows {
        @Test
        void overWithPartitionOrderAndFrame() {
            SqlCall over = call("sum(x) OVER (PARTITION BY a ORDER BY b DESC ROWS BETWEEN 2 PRECEDING AND UNBOUNDED FOLLOWING)");
            assertThat(over.getOperator()).isSameAs(SqlStdOperatorTable.OVER);
            SqlWindow window = over.operand(1);
            assertThat(window.isRows()).isTrue();
            assertThat(sql(over)).isEqualTo("SUM(\"x\") OVER (PARTITION BY \"a\" ORDER BY \"b\" DESC NULLS LAST "
                    + "ROWS BETWEEN 2 PRECEDING AND UNBOUNDED FOLLOWING)");
        }

        @Test
        void rankingFunctionsAndRangeFrames() {
            assertThat(expr("row_number() OVER (PARTITION BY a ORDER BY b)"))
                    .isEqualTo("ROW_NUMBER() OVER (PARTITION BY \"a\" ORDER BY \"b\" NULLS FIRST)");
            assertThat(expr("avg(x) OVER (ORDER BY b RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"))
                    .isEqualTo("AVG(\"x\") OVER (ORDER BY \"b\" NULLS FIRST RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)");
            assertThat(expr("first_value(x) OVER (ORDER BY b ROWS 3 PRECEDING)"))
                    .isEqualTo("FIRST_VALUE(\"x\") OVER (ORDER BY \"b\" NULLS FIRST ROWS 3 PRECEDING)");
        }

        @Test
        void hiveDistributeAndSortByInWindow() {
            assertThat(expr("count(*) OVER (DISTRIBUTE BY a SORT BY b)"))
                    .isEqualTo("COUNT(*) OVER (PARTITION BY \"a\" ORDER BY \"b\" NULLS FIRST)");
        }

        @Test
        void namedWindows() {
            SqlNode select = Parsing.query("SELECT lag(x, 1) OVER w, rank() OVER (w ORDER BY c) FROM t "
                    + "WINDOW w AS (PARTITION BY a ORDER BY b)").query();
            assertThat(sql(select)).isEqualTo("SELECT LAG(\"x\", 1) OVER \"w\", RANK() OVER (\"w\" ORDER BY \"c\" NULLS FIRST) "
                    + "FROM \"t\" WINDOW \"w\" AS (PARTITION BY \"a\" ORDER BY \"b\" NULLS FIRST)");
        }

        @Test
        void distinctAggregateOverAWindow() {
            assertThat(expr("count(DISTINCT a) OVER (PARTITION BY b)"))
                    .isEqualTo("COUNT(DISTINCT \"a\") OVER (PARTITION BY \"b\")");
        }
    }

    @Test
    void qualifiedColumns() {
        SqlIdentifier id = (SqlIdentifier) expressionNode("T.Col");
        assertThat(id.names).containsExactly("t", "col");
    }
}
