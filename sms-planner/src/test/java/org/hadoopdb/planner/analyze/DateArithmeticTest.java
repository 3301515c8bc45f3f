package org.hadoopdb.planner.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/** Date and timestamp arithmetic: with intervals as Hive allows it, and Hive's refusal of date ± number. */
class DateArithmeticTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(2, 1, 1);
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    private QueryPlanner.PlannedQuery plan(String sql) {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return planner.plan(catalog, statement.query(), PlanningOptions.DEFAULTS);
    }

    @Test
    void hivesShorthandIsPushedAsAnInterval() {
        String explain = plan("SELECT sourceip FROM uservisits WHERE visitdate BETWEEN CAST('2001-01-12' AS DATE) "
                + "AND (CAST('2001-01-12' AS DATE) + 30 days)").explain(false);
        assertThat(explain).contains("NO MAPREDUCE JOB").contains("+ INTERVAL '30' DAY AS DATE)");
    }

    @Test
    void aDatePlusANumberNamesTheExpressionAndWhatToWriteInstead() {
        assertThatThrownBy(() -> plan("SELECT sourceip FROM uservisits WHERE visitdate < CAST('2001-01-12' AS DATE) + 30"))
                .isInstanceOf(SemanticException.class)
                .hasMessageContaining("line 1:51: cannot add a number to a DATE in CAST('2001-01-12' AS DATE) + 30")
                .hasMessageContaining("date_add(d, n)");
        assertThatThrownBy(() -> plan("SELECT visitdate - 1 FROM uservisits"))
                .isInstanceOf(SemanticException.class)
                .hasMessageContaining("cannot subtract a number from a DATE in `visitdate` - 1")
                .hasMessageContaining("date_sub(d, n)");
    }
}
