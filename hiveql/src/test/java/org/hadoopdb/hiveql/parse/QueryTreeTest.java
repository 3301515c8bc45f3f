package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.hiveql.parse.Parsing.query;
import static org.hadoopdb.hiveql.parse.Parsing.sql;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Query structure: SELECT blocks, ordering and limits, set operations, CTEs, subqueries, joins, grouping. */
class QueryTreeTest {

    @Nested
    class Select {
        @Test
        void plainSelect() {
            assertThat(sql("SELECT a, b FROM t")).isEqualTo("SELECT \"a\", \"b\" FROM \"t\"");
        }

        @Test
        void distinctAliasesAndStars() {
            assertThat(sql("select DISTINCT A as X, b Y, t.*, * from T"))
                    .isEqualTo("SELECT DISTINCT \"a\" AS \"x\", \"b\" AS \"y\", \"t\".*, * FROM \"t\"");
        }

        @Test
        void selectAllIsPlainSelect() {
            assertThat(sql("SELECT ALL a FROM t")).isEqualTo("SELECT \"a\" FROM \"t\"");
        }

        @Test
        void whereGroupByHaving() {
            assertThat(sql("SELECT b, count(*) FROM t WHERE a > 1 GROUP BY b HAVING count(*) > 2"))
                    .isEqualTo("SELECT \"b\", COUNT(*) FROM \"t\" WHERE \"a\" > 1 GROUP BY \"b\" HAVING COUNT(*) > 2");
        }

        @Test
        void selectWithoutFrom() {
            SqlSelect select = (SqlSelect) query("SELECT 1 + 1").query();
            assertThat(select.getFrom()).isNull();
            assertThat(sql(select)).isEqualTo("SELECT 1 + 1");
        }

        @Test
        void databaseDefaultIsDropped() {
            assertThat(sql("SELECT a FROM default.t")).isEqualTo("SELECT \"a\" FROM \"default\".\"t\"");
        }
    }

    @Nested
    class Ordering {
        @Test
        void orderByGetsHiveNullOrdering() {
            assertThat(sql("SELECT a FROM t ORDER BY a, b DESC, c ASC"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" ORDER BY \"a\" NULLS FIRST, \"b\" DESC NULLS LAST, \"c\" NULLS FIRST");
        }

        @Test
        void writtenNullOrderingIsKept() {
            assertThat(sql("SELECT a FROM t ORDER BY a NULLS LAST, b DESC NULLS FIRST"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" ORDER BY \"a\" NULLS LAST, \"b\" DESC NULLS FIRST");
        }

        @Test
        void orderedQueryIsAnOrderByAroundTheSelect() {
            SqlOrderBy orderBy = (SqlOrderBy) query("SELECT a FROM t ORDER BY a LIMIT 3").query();
            assertThat(orderBy.query).isInstanceOf(SqlSelect.class);
            assertThat(orderBy.orderList).hasSize(1);
            assertThat(orderBy.fetch).hasToString("3");
            assertThat(orderBy.offset).isNull();
        }

        @Test
        void aRowLimitLowersOrAddsTheOutermostLimit() {
            assertThat(sql(query("SELECT a FROM t ORDER BY a").atMost(200).query()))
                    .isEqualTo(sql("SELECT a FROM t ORDER BY a LIMIT 200"));
            assertThat(sql(query("SELECT a FROM t").atMost(200).query())).isEqualTo(sql("SELECT a FROM t LIMIT 200"));
            assertThat(sql(query("SELECT a FROM t LIMIT 5, 1000").atMost(200).query()))
                    .isEqualTo(sql("SELECT a FROM t LIMIT 5, 200"));
            assertThat(sql(query("SELECT a FROM t LIMIT 10").atMost(200).query())).isEqualTo(sql("SELECT a FROM t LIMIT 10"));
            assertThat(sql(query("SELECT a FROM t UNION ALL SELECT b FROM u").atMost(7).query()))
                    .isEqualTo(sql("SELECT a FROM t UNION ALL SELECT b FROM u LIMIT 7"));
            assertThat(sql(query("WITH x AS (SELECT a FROM t) SELECT a FROM x ORDER BY a").atMost(3).query()))
                    .isEqualTo(sql("WITH x AS (SELECT a FROM t) SELECT a FROM x ORDER BY a LIMIT 3"));
            var unlimited = query("SELECT a FROM t");
            assertThat(unlimited.atMost(0)).as("0: no limit").isSameAs(unlimited);
        }

        @Test
        void limitAlone() {
            SqlOrderBy orderBy = (SqlOrderBy) query("SELECT a FROM t LIMIT 10").query();
            assertThat(orderBy.orderList).isSameAs(SqlNodeList.EMPTY);
            assertThat(sql(orderBy)).isEqualTo("SELECT \"a\" FROM \"t\" FETCH NEXT 10 ROWS ONLY");
        }

        @Test
        void limitWithOffsetBothSpellings() {
            assertThat(sql("SELECT a FROM t LIMIT 5, 10"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" OFFSET 5 ROWS FETCH NEXT 10 ROWS ONLY");
            assertThat(sql("SELECT a FROM t LIMIT 10 OFFSET 5"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" OFFSET 5 ROWS FETCH NEXT 10 ROWS ONLY");
        }

        @Test
        void sortByBecomesOrderBy() {
            var q = query("SELECT a FROM t SORT BY a DESC");
            assertThat(sql(q.query())).isEqualTo("SELECT \"a\" FROM \"t\" ORDER BY \"a\" DESC NULLS LAST");
            assertThat(q.distributeBy()).isEmpty();
        }

        @Test
        void distributeByOnlyReportsColumns() {
            var q = query("SELECT a, b FROM t DISTRIBUTE BY a, t.b");
            assertThat(sql(q.query())).isEqualTo("SELECT \"a\", \"b\" FROM \"t\"");
            assertThat(q.distributeBy()).containsExactly("a", "t.b");
        }

        @Test
        void distributeByAndSortByInEitherOrder() {
            var q1 = query("SELECT a FROM t DISTRIBUTE BY a SORT BY b");
            var q2 = query("SELECT a FROM t SORT BY b DISTRIBUTE BY a");
            assertThat(sql(q1.query())).isEqualTo(sql(q2.query()))
                    .isEqualTo("SELECT \"a\" FROM \"t\" ORDER BY \"b\" NULLS FIRST");
            assertThat(q1.distributeBy()).isEqualTo(q2.distributeBy()).containsExactly("a");
        }

        @Test
        void clusterByIsDistributeAndAscendingSort() {
            var q = query("SELECT a FROM t CLUSTER BY a, b");
            assertThat(sql(q.query())).isEqualTo("SELECT \"a\" FROM \"t\" ORDER BY \"a\" NULLS FIRST, \"b\" NULLS FIRST");
            assertThat(q.distributeBy()).containsExactly("a", "b");
        }

        @Test
        void parenthesisedClusterAndDistributeLists() {
            assertThat(query("SELECT a FROM t CLUSTER BY (a, b)").distributeBy()).containsExactly("a", "b");
            assertThat(query("SELECT a FROM t DISTRIBUTE BY (a + 1)").distributeBy()).containsExactly("\"a\" + 1");
        }

        @Test
        void distributeByInASubqueryIsDropped() {
            var q = query("SELECT * FROM (SELECT a FROM t DISTRIBUTE BY a SORT BY a) s");
            assertThat(q.distributeBy()).isEmpty();
            assertThat(sql(q.query())).isEqualTo("SELECT * FROM (SELECT \"a\" FROM \"t\" ORDER BY \"a\" NULLS FIRST) AS \"s\"");
        }

        @Test
        void conflictingClausesAreRejected() {
            assertThatThrownBy(() -> query("SELECT a FROM t ORDER BY a DISTRIBUTE BY a"))
                    .hasMessageContaining("cannot have both ORDER BY and DISTRIBUTE BY clauses");
            assertThatThrownBy(() -> query("SELECT a FROM t CLUSTER BY a ORDER BY a"))
                    .hasMessageContaining("cannot have both CLUSTER BY and ORDER BY clauses");
            assertThatThrownBy(() -> query("SELECT a FROM t SORT BY a SORT BY b"))
                    .hasMessageContaining("SORT BY appears twice");
        }
    }

    @Nested
    class SetOperationsAndCtes {
        @Test
        void setOperatorsAreLeftAssociativeWithOnePrecedence() {
            assertThat(sql("SELECT a FROM t UNION ALL SELECT b FROM u INTERSECT SELECT c FROM v")).isEqualTo(
                    "(SELECT \"a\" FROM \"t\" UNION ALL SELECT \"b\" FROM \"u\") INTERSECT SELECT \"c\" FROM \"v\"");
            var intersect = (org.apache.calcite.sql.SqlCall) query(
                    "SELECT a FROM t UNION ALL SELECT b FROM u INTERSECT SELECT c FROM v").query();
            assertThat(intersect.getKind()).isEqualTo(SqlKind.INTERSECT);
            assertThat(intersect.operand(0).getKind()).isEqualTo(SqlKind.UNION);
        }

        @Test
        void distinctAndAllVariants() {
            assertThat(sql("SELECT a FROM t UNION SELECT a FROM u")).isEqualTo("SELECT \"a\" FROM \"t\" UNION SELECT \"a\" FROM \"u\"");
            assertThat(sql("SELECT a FROM t UNION DISTINCT SELECT a FROM u")).isEqualTo("SELECT \"a\" FROM \"t\" UNION SELECT \"a\" FROM \"u\"");
            assertThat(sql("SELECT a FROM t INTERSECT ALL SELECT a FROM u")).isEqualTo("SELECT \"a\" FROM \"t\" INTERSECT ALL SELECT \"a\" FROM \"u\"");
            assertThat(sql("SELECT a FROM t EXCEPT SELECT a FROM u")).isEqualTo("SELECT \"a\" FROM \"t\" EXCEPT SELECT \"a\" FROM \"u\"");
            assertThat(sql("SELECT a FROM t MINUS ALL SELECT a FROM u")).isEqualTo("SELECT \"a\" FROM \"t\" EXCEPT ALL SELECT \"a\" FROM \"u\"");
        }

        @Test
        void orderByAndLimitApplyToTheWholeUnion() {
            SqlOrderBy orderBy = (SqlOrderBy) query("SELECT a FROM t UNION ALL SELECT b FROM u ORDER BY a LIMIT 3").query();
            assertThat(orderBy.query.getKind()).isEqualTo(SqlKind.UNION);
        }

        @Test
        void parenthesisedQueriesInSetOperations() {
            assertThat(sql("(SELECT a FROM t ORDER BY a LIMIT 1) UNION ALL (SELECT b FROM u)")).isEqualTo(
                    "(SELECT \"a\" FROM \"t\" ORDER BY \"a\" NULLS FIRST FETCH NEXT 1 ROWS ONLY) UNION ALL SELECT \"b\" FROM \"u\"");
        }

        @Test
        void withClause() {
            var node = query("WITH x AS (SELECT a FROM t), y (k) AS (SELECT b FROM u) SELECT * FROM x JOIN y ON x.a = y.k").query();
            assertThat(node).isInstanceOf(SqlWith.class);
            assertThat(sql(node)).isEqualTo("WITH \"x\" AS (SELECT \"a\" FROM \"t\"), \"y\" (\"k\") AS (SELECT \"b\" FROM \"u\") "
                    + "SELECT * FROM \"x\" INNER JOIN \"y\" ON \"x\".\"a\" = \"y\".\"k\"");
        }

        @Test
        void orderedWithIsOrderByAroundWith() {
            SqlOrderBy orderBy = (SqlOrderBy) query("WITH x AS (SELECT a FROM t) SELECT a FROM x ORDER BY a").query();
            assertThat(orderBy.query).isInstanceOf(SqlWith.class);
        }
    }

    @Nested
    class Subqueries {
        @Test
        void subqueryInFromWithAndWithoutAlias() {
            assertThat(sql("SELECT * FROM (SELECT a FROM t) s, (SELECT b FROM u)"))
                    .isEqualTo("SELECT * FROM (SELECT \"a\" FROM \"t\") AS \"s\", (SELECT \"b\" FROM \"u\")");
        }

        @Test
        void scalarInExistsSubqueries() {
            assertThat(sql("SELECT (SELECT max(x) FROM u) FROM t WHERE a IN (SELECT x FROM u) AND NOT EXISTS (SELECT 1 FROM v)"))
                    .isEqualTo("SELECT (SELECT MAX(\"x\") FROM \"u\") FROM \"t\" WHERE \"a\" IN (SELECT \"x\" FROM \"u\") "
                            + "AND NOT EXISTS (SELECT 1 FROM \"v\")");
        }

        @Test
        void notInSubqueryAndComparisonWithScalarSubquery() {
            assertThat(sql("SELECT a FROM t WHERE a NOT IN (SELECT x FROM u) AND c > (SELECT avg(c) FROM t)"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" WHERE \"a\" NOT IN (SELECT \"x\" FROM \"u\") "
                            + "AND \"c\" > (SELECT AVG(\"c\") FROM \"t\")");
        }
    }

    @Nested
    class Joins {
        @Test
        void joinKinds() {
            assertThat(sql("SELECT * FROM a JOIN b ON a.x = b.x LEFT JOIN c ON b.y = c.y "
                    + "RIGHT OUTER JOIN d ON d.z = c.z FULL OUTER JOIN e USING (k) CROSS JOIN f INNER JOIN g ON TRUE"))
                    .isEqualTo("SELECT * FROM \"a\" INNER JOIN \"b\" ON \"a\".\"x\" = \"b\".\"x\" "
                            + "LEFT JOIN \"c\" ON \"b\".\"y\" = \"c\".\"y\" RIGHT JOIN \"d\" ON \"d\".\"z\" = \"c\".\"z\" "
                            + "FULL JOIN \"e\" USING (\"k\") CROSS JOIN \"f\" INNER JOIN \"g\" ON TRUE");
        }

        @Test
        void commaJoinHasJoinPrecedence() {
            assertThat(sql("SELECT * FROM a, b JOIN c ON a.x = c.x"))
                    .isEqualTo("SELECT * FROM \"a\", \"b\" INNER JOIN \"c\" ON \"a\".\"x\" = \"c\".\"x\"");
            var from = (org.apache.calcite.sql.SqlJoin) ((SqlSelect) query("SELECT * FROM a, b JOIN c ON a.x = c.x").query()).getFrom();
            assertThat(from.getLeft()).isInstanceOf(org.apache.calcite.sql.SqlJoin.class);
        }

        @Test
        void joinWithoutOnIsCrossJoin() {
            assertThat(sql("SELECT * FROM a JOIN b")).isEqualTo("SELECT * FROM \"a\" CROSS JOIN \"b\"");
            assertThat(sql("SELECT * FROM a LEFT JOIN b")).isEqualTo("SELECT * FROM \"a\" LEFT JOIN \"b\" ON TRUE");
            assertThat(sql("SELECT * FROM a CROSS JOIN b ON a.x = b.x"))
                    .isEqualTo("SELECT * FROM \"a\" INNER JOIN \"b\" ON \"a\".\"x\" = \"b\".\"x\"");
        }

        @Test
        void selfJoinWithAliases() {
            assertThat(sql("SELECT l.a, r.a FROM t l JOIN t AS r ON l.a = r.x"))
                    .isEqualTo("SELECT \"l\".\"a\", \"r\".\"a\" FROM \"t\" AS \"l\" INNER JOIN \"t\" AS \"r\" ON \"l\".\"a\" = \"r\".\"x\"");
        }

        @Test
        void parenthesisedJoin() {
            assertThat(sql("SELECT * FROM (a JOIN b ON a.x = b.x) JOIN c ON c.y = a.y"))
                    .isEqualTo("SELECT * FROM \"a\" INNER JOIN \"b\" ON \"a\".\"x\" = \"b\".\"x\" INNER JOIN \"c\" ON \"c\".\"y\" = \"a\".\"y\"");
        }

        @Test
        void leftSemiJoinBecomesExistsInWhere() {
            assertThat(sql("SELECT a.* FROM a LEFT SEMI JOIN b ON a.x = b.x AND b.y > 0 WHERE a.y > 1"))
                    .isEqualTo("SELECT \"a\".* FROM \"a\" WHERE \"a\".\"y\" > 1 AND EXISTS (SELECT 1 FROM \"b\" "
                            + "WHERE \"a\".\"x\" = \"b\".\"x\" AND \"b\".\"y\" > 0)");
        }

        @Test
        void leftSemiJoinInTheMiddleOfAChain() {
            assertThat(sql("SELECT * FROM a JOIN b ON a.x = b.x LEFT SEMI JOIN s ON s.k = a.k LEFT JOIN c ON c.y = b.y"))
                    .isEqualTo("SELECT * FROM \"a\" INNER JOIN \"b\" ON \"a\".\"x\" = \"b\".\"x\" "
                            + "LEFT JOIN \"c\" ON \"c\".\"y\" = \"b\".\"y\" WHERE EXISTS (SELECT 1 FROM \"s\" WHERE \"s\".\"k\" = \"a\".\"k\")");
        }

        @Test
        void twoSemiJoinsAndASubquery() {
            assertThat(sql("SELECT * FROM a LEFT SEMI JOIN (SELECT x FROM u) s ON s.x = a.x LEFT SEMI JOIN v ON v.y = a.y"))
                    .isEqualTo("SELECT * FROM \"a\" WHERE EXISTS (SELECT 1 FROM (SELECT \"x\" FROM \"u\") AS \"s\" "
                            + "WHERE \"s\".\"x\" = \"a\".\"x\") AND EXISTS (SELECT 1 FROM \"v\" WHERE \"v\".\"y\" = \"a\".\"y\")");
        }

        @Test
        void semiJoinFollowedByRightOrFullJoinIsRejected() {
            assertThatThrownBy(() -> query("SELECT * FROM a LEFT SEMI JOIN b ON a.x = b.x RIGHT JOIN c ON c.y = a.y"))
                    .isInstanceOf(HiveQlSyntaxException.class)
                    .hasMessageContaining("RIGHT OUTER JOIN after LEFT SEMI JOIN (line 1) is not supported");
            assertThatThrownBy(() -> query("SELECT * FROM a LEFT SEMI JOIN b ON a.x = b.x FULL OUTER JOIN c ON c.y = a.y"))
                    .hasMessageContaining("FULL OUTER JOIN after LEFT SEMI JOIN");
        }

        @Test
        void semiJoinBeforeRightJoinIsFine() {
            assertThat(sql("SELECT * FROM a RIGHT JOIN c ON c.y = a.y LEFT SEMI JOIN b ON a.x = b.x"))
                    .isEqualTo("SELECT * FROM \"a\" RIGHT JOIN \"c\" ON \"c\".\"y\" = \"a\".\"y\" "
                            + "WHERE EXISTS (SELECT 1 FROM \"b\" WHERE \"a\".\"x\" = \"b\".\"x\")");
        }
    }

    @Nested
    class Grouping {
        @Test
        void withRollupAndWithCube() {
            assertThat(sql("SELECT a, b FROM t GROUP BY a, b WITH ROLLUP"))
                    .isEqualTo("SELECT \"a\", \"b\" FROM \"t\" GROUP BY ROLLUP(\"a\", \"b\")");
            assertThat(sql("SELECT a, b FROM t GROUP BY a, b WITH CUBE"))
                    .isEqualTo("SELECT \"a\", \"b\" FROM \"t\" GROUP BY CUBE(\"a\", \"b\")");
        }

        @Test
        void standardRollupCubeAndGroupingSets() {
            assertThat(sql("SELECT a FROM t GROUP BY ROLLUP(a, (b, c))"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" GROUP BY ROLLUP(\"a\", (\"b\", \"c\"))");
            assertThat(sql("SELECT a FROM t GROUP BY CUBE(a, b)"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" GROUP BY CUBE(\"a\", \"b\")");
            assertThat(sql("SELECT a FROM t GROUP BY GROUPING SETS ((a, b), (a), ())"))
                    .isEqualTo("SELECT \"a\" FROM \"t\" GROUP BY GROUPING SETS((\"a\", \"b\"), \"a\", ())");
        }

        @Test
        void hiveGroupingSetsAfterTheColumnList() {
            assertThat(sql("SELECT a, b FROM t GROUP BY a, b GROUPING SETS ((a, b), a, ())"))
                    .isEqualTo("SELECT \"a\", \"b\" FROM \"t\" GROUP BY GROUPING SETS((\"a\", \"b\"), \"a\", ())");
        }

        @Test
        void groupingSetMembersMustBeGroupByColumns() {
            assertThatThrownBy(() -> query("SELECT a FROM t GROUP BY a GROUPING SETS ((a, b))"))
                    .hasMessageContaining("grouping set expression 'b' is not in the GROUP BY list");
        }

        @Test
        void groupingFunction() {
            assertThat(sql("SELECT a, grouping(a) FROM t GROUP BY a WITH ROLLUP"))
                    .isEqualTo("SELECT \"a\", GROUPING(\"a\") FROM \"t\" GROUP BY ROLLUP(\"a\")");
        }
    }

    @Test
    void topLevelQueryOnlyKeepsItsOwnDistributeBy() {
        assertThat(query("SELECT a FROM t UNION ALL SELECT b FROM u DISTRIBUTE BY a").distributeBy()).containsExactly("a");
    }
}
