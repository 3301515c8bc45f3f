package org.hadoopdb.planner.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The copy a query is planned on for the console shares no changeable node with the query the session runs. */
class SqlCopyTest {
    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT c.name, COUNT(*) AS n, SUM(o.amount) FROM o JOIN c ON o.cust = c.id GROUP BY c.name ORDER BY c.name",
            "WITH t AS (SELECT k, v FROM r WHERE v > 3) SELECT k, CASE WHEN v IS NULL THEN 'x' ELSE 'y' END FROM t LIMIT 5",
            "SELECT k, row_number() OVER (PARTITION BY v ORDER BY k) FROM r UNION ALL SELECT 1, CAST('2' AS INT) FROM r",
            "SELECT a.k FROM r a LEFT JOIN (SELECT DISTINCT k FROM s) b ON a.k = b.k WHERE a.k IN (1, 2) AND a.d > DATE '2020-01-01'"})
    void theCopyPrintsAsTheQueryAndSharesNoNodeWithIt(String text) {
        SqlNode query = ((QueryStatement) HiveQlParser.parse(SourceSpan.of(text))).query();
        SqlNode copy = SqlCopy.of(query);
        assertThat(copy.toString()).isEqualTo(query.toString());
        Set<SqlNode> original = nodes(query);
        // by identity: a SqlNodeList is a java.util.List, equal to any other list of equal nodes
        assertThat(nodes(copy)).isNotEmpty().allSatisfy(n -> assertThat(original.contains(n))
                .as("shared with the query: %s", n).isFalse());
    }

    @Test
    void nothingCopiesToNothing() {
        assertThat(SqlCopy.of(null)).isNull();
    }

    /** Every node of the tree the validator may change (not literals), by identity. */
    private static Set<SqlNode> nodes(SqlNode root) {
        Set<SqlNode> out = Collections.newSetFromMap(new IdentityHashMap<>());
        root.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                out.add(call);
                return super.visit(call);
            }

            @Override
            public Void visit(SqlNodeList list) {
                if (list != SqlNodeList.EMPTY && list != SqlNodeList.SINGLETON_EMPTY && list != SqlNodeList.SINGLETON_STAR) {
                    out.add(list); // those three are immutable
                }
                return super.visit(list);
            }

            @Override
            public Void visit(SqlIdentifier id) {
                out.add(id);
                return null;
            }

        });
        return out;
    }
}
