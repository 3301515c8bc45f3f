package org.hadoopdb.planner.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.ast.QueryStatement;
import org.hadoopdb.planner.ast.Statement;
import org.hadoopdb.planner.parse.HiveQlParser;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/** All 22 TPC-H queries plan on HadoopDB's TPC-H layout; the joins on co-located keys are pushed. */
class TpchPlanTest {
    private final Catalog catalog = TpchCatalog.of(4, 2);
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    static List<QueryStatement> queries() throws IOException {
        try (InputStream in = TpchPlanTest.class.getResourceAsStream("/org/hadoopdb/planner/parse/tpch.hql")) {
            List<QueryStatement> out = new ArrayList<>();
            for (Statement s : HiveQlParser.parseScript(new String(in.readAllBytes(), StandardCharsets.UTF_8))) {
                out.add((QueryStatement) s);
            }
            return out;
        }
    }

    @Test
    void everyQueryPlans() throws IOException {
        List<String> failures = new ArrayList<>();
        List<QueryStatement> queries = queries();
        for (int i = 0; i < queries.size(); i++) {
            try {
                QueryPlanner.PlannedQuery q = planner.plan(catalog, queries.get(i).query(), PlanningOptions.DEFAULTS);
                System.out.println("Q" + (i + 1) + "\n" + q.explain(false));
            } catch (RuntimeException e) {
                failures.add("Q" + (i + 1) + ": " + e.getMessage());
            }
        }
        assertThat(failures).isEmpty();
    }
}
