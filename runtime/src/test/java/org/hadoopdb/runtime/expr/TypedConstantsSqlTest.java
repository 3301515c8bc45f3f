package org.hadoopdb.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/**
 * Constants reach PostgreSQL with their HiveQL type (a bare 2.5 is numeric there, a bare NULL text),
 * and queries that can return no row are answered without reading a chunk, with their schema.
 */
class TypedConstantsSqlTest {

    private static QueryPlan plan(String sql) {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return PlannerServices.queryPlanner().plan(ExpressionHarness.CATALOG, q.query(), PlanningOptions.DEFAULTS).plan();
    }

    /** The one statement of a plan read directly (no job). */
    private static ChunkSource direct(String sql) {
        QueryPlan p = plan(sql);
        assertThat(p.stages()).as(sql).isEmpty();
        assertThat(p.result()).as(sql).isInstanceOf(QueryPlan.Direct.class);
        return ((QueryPlan.Direct) p.result()).source();
    }

    @Test
    void aSelectWithoutFromCastsEveryConstantToItsType() {
        assertThat(direct("SELECT 2.5").sql()).isEqualTo(
                "SELECT * FROM (VALUES ((CAST(2.5E0 AS double precision)))) AS \"t\" (\"EXPR$0\")");
        assertThat(direct("SELECT CAST(2.5 AS DOUBLE), NULL, CAST(NULL AS INT), 1, DATE '2020-01-02', 1.5BD").sql())
                .startsWith("SELECT * FROM (VALUES ((CAST(2.5E0 AS double precision)), (CAST(NULL AS text)), "
                        + "(CAST(NULL AS integer)), (CAST(1 AS integer)), (CAST(DATE '2020-01-02' AS date)), "
                        + "(CAST(1.5 AS numeric(2,1))))) AS \"t\"");
    }

    @Test
    void aBigIntegerLiteralIsADoubleAsInHive() {
        ChunkSource s = direct("SELECT 99999999999999999999999999999999999999999");
        assertThat(s.sql()).contains("CAST(1.0E41 AS double precision)");
        assertThat(s.schema().type(0).toString()).isEqualTo("double");
    }

    @Test
    void everyCellOfAValuesListIsTyped() {
        assertThat(direct("SELECT * FROM (SELECT 1 AS a, 1.5 AS c UNION ALL SELECT 2, NULL) v").sql()).isEqualTo(
                "SELECT * FROM (VALUES ((CAST(1 AS integer)), (CAST(1.5E0 AS double precision))), "
                        + "((CAST(2 AS integer)), (CAST(NULL AS double precision)))) AS \"t\" (\"a\", \"c\")");
    }

    @Test
    void aConstantColumnNextToTableColumnsIsTyped() {
        assertThat(direct("SELECT 2.5, i FROM t").sql()).isEqualTo("SELECT (CAST(2.5E0 AS double precision)), \"i\" FROM \"t\"");
    }

    @Test
    void limitZeroAndFalseFiltersReadNoChunkAndKeepTheSchema() {
        for (String sql : new String[] {"SELECT i, d, m FROM t LIMIT 0", "SELECT i, d, m FROM t WHERE 1 = 0",
                "SELECT i, d, m FROM t WHERE false", "SELECT a.i, a.d, b.m FROM t a JOIN t b ON a.s = b.s WHERE 1 = 0",
                "SELECT i, d, m FROM t WHERE i > 1 AND NULL"}) {
            ChunkSource s = direct(sql);
            assertThat(s.tables()).as(sql).isEmpty();
            assertThat(s.driver()).as(sql).isNull();
            assertThat(s.sql()).as(sql).isEqualTo("SELECT * FROM (VALUES ((CAST(NULL AS integer)), (CAST(NULL AS double precision)), "
                    + "(CAST(NULL AS numeric(10,2))))) AS \"t\" (\"i\", \"d\", \"m\") WHERE 1 = 0");
            assertThat(s.schema().toString()).as(sql).contains("double").contains("decimal(10,2)");
        }
    }

    @Test
    void anAggregateOverNothingStillReturnsItsRow() {
        QueryPlan p = plan("SELECT COUNT(*) FROM t WHERE 1 = 0");
        assertThat(p.result()).isInstanceOf(QueryPlan.Direct.class);
        assertThat(((QueryPlan.Direct) p.result()).source().sql()).contains("COUNT(*)");
    }
}
