package org.hadoopdb.jdbc.queries;

import static org.assertj.core.api.Assertions.assertThat;

import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.junit.jupiter.api.Test;

/** Which statements have a query whose plan the console shows, and which query that is. */
class QueryPlansTest {

    private static Statement parse(String sql) {
        return HiveQlParser.parseScript(sql).get(0);
    }

    @Test
    void aQueryIsItsOwnQuery() {
        Statement s = parse("SELECT k FROM t WHERE k > 1");
        assertThat(QueryPlans.queryOf(s)).containsSame((QueryStatement) s);
    }

    @Test
    void insertsAndCreateTableAsSelectHaveTheirSelect() {
        for (String sql : new String[] {"INSERT INTO u SELECT k, v FROM t WHERE k > 1",
                "INSERT OVERWRITE TABLE u PARTITION (dt = '2026-11-28') SELECT k, v FROM t WHERE k > 1",
                "INSERT OVERWRITE LOCAL DIRECTORY '/tmp/out' SELECT k, v FROM t WHERE k > 1",
                "CREATE TABLE u AS SELECT k, v FROM t WHERE k > 1"}) {
            QueryStatement select = QueryPlans.queryOf(parse(sql)).orElseThrow(() -> new AssertionError(sql));
            assertThat(select.query().toString()).as(sql).containsIgnoringCase("SELECT").contains("`t`")
                    .doesNotContainIgnoringCase("INSERT");
            // planned under the statement's own text, as the insert plans it: the engine's plan cache serves both
            assertThat(select.span().text()).isEqualTo(sql);
        }
    }

    @Test
    void insertValuesRunsItsValuesAsAQuery() {
        assertThat(QueryPlans.queryOf(parse("INSERT INTO u VALUES (1)"))).hasValueSatisfying(
                q -> assertThat(q.query().toString()).startsWith("VALUES"));
    }

    @Test
    void otherStatementsHaveNone() {
        for (String sql : new String[] {"CREATE TABLE u (k INT)", "DROP TABLE u", "SET a = b", "LOAD DATA INPATH '/tmp/x' INTO TABLE u"}) {
            assertThat(QueryPlans.queryOf(parse(sql))).as(sql).isEmpty();
        }
    }
}
