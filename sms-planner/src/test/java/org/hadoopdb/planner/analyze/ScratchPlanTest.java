package org.hadoopdb.planner.analyze;

import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParser;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.planner.optimize.LogicalOptimizer;
import org.junit.jupiter.api.Test;

class ScratchPlanTest {
    @Test
    void plan() throws Exception {
        Analyzer a = new Analyzer(CatalogFixtures.paperLayout(4, 2, 1), SqlStdOperatorTable.instance(), List.of());
        for (String sql : List.of(
                "SELECT sourceip, SUM(adrevenue), AVG(duration) FROM uservisits GROUP BY sourceip",
                "SELECT substring(sourceip from 1 for 7), COUNT(DISTINCT desturl) FROM uservisits WHERE visitdate > DATE '2000-01-01' GROUP BY substring(sourceip from 1 for 7) ORDER BY 2 DESC LIMIT 10",
                "SELECT sourceip, SUM(adrevenue) AS totalrevenue, AVG(pagerank) AS avgpagerank FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl WHERE uv.visitdate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22' GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1",
                "SELECT pageurl FROM rankings WHERE pagerank > (SELECT AVG(pagerank) FROM rankings) AND pageurl IN (SELECT desturl FROM uservisits)")) {
            SqlNode node = SqlParser.create(sql, SqlParser.config().withCaseSensitive(false).withUnquotedCasing(Casing.UNCHANGED)).parseQuery();
            RelNode rel = a.toRel(node).rel;
            System.out.println(RelOptUtil.toString(LogicalOptimizer.optimize(rel)));
        }
    }
}
