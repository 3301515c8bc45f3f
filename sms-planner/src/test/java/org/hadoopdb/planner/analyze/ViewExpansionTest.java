package org.hadoopdb.planner.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/** Views expanded at analysis: the plan of a query on a view is the plan of the query on its definition. */
class ViewExpansionTest {
    private static final ViewInfo LONG_VISITS = new ViewInfo("long_visits", List.of(
            new ColumnInfo("ip", HiveType.varchar(16)), new ColumnInfo("url", HiveType.varchar(100)),
            new ColumnInfo("seconds", HiveType.INT)),
            "SELECT sourceip, desturl, duration FROM uservisits WHERE duration > 60", null, true);
    private static final ViewInfo BY_NAME = new ViewInfo("by_name", List.of(new ColumnInfo("pagerank", HiveType.INT),
            new ColumnInfo("pageurl", HiveType.varchar(100))), "SELECT * FROM rankings", null, false);

    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1).withView(LONG_VISITS).withView(BY_NAME)
            .withView(new ViewInfo("over_view", List.of(new ColumnInfo("url", HiveType.varchar(100))),
                    "SELECT url FROM long_visits WHERE seconds < 600", null, false));
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    private QueryPlanner.PlannedQuery plan(Catalog c, String sql) {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return planner.plan(c, statement.query(), PlanningOptions.DEFAULTS);
    }

    /** The chunk SQL and stages, as EXPLAIN prints them (without EXTENDED's logical plan, which names the view's columns). */
    private String physical(String sql) {
        return plan(catalog, sql).explain(false);
    }

    @Test
    void aFilterOnAViewIsPushedLikeOneOnItsDefinition() {
        String throughView = physical("SELECT url FROM long_visits WHERE ip = '1.2.3.4' AND url = 'http://a'");
        String inlined = physical("SELECT desturl AS url FROM (SELECT sourceip, desturl, duration FROM uservisits "
                + "WHERE duration > 60) q WHERE sourceip = '1.2.3.4' AND desturl = 'http://a'");
        assertThat(throughView).isEqualTo(inlined).contains("\"duration\" > 60").contains("'1.2.3.4'")
                .contains("chunk ").doesNotContain("all chunks");
    }

    @Test
    void viewsOverViewsExpandAndAggregatesSplitAsOnTables() {
        String explain = plan(catalog, "SELECT url, COUNT(*) FROM over_view GROUP BY url").explain(false);
        assertThat(explain).contains("\"duration\" > 60").contains("\"duration\" < 600").contains("GROUP BY \"desturl\"")
                .doesNotContain("Final aggregate");
        assertThat(plan(catalog, "SELECT * FROM over_view").plan().schema().fields()).extracting(f -> f.name())
                .containsExactly("url");
    }

    @Test
    void columnsMapByNameWhenTheViewDeclaredNone() {
        // rankings has three columns; the view recorded two of them, by name, in its own order
        var schema = plan(catalog, "SELECT * FROM by_name").plan().schema();
        assertThat(schema.fields()).extracting(f -> f.name()).containsExactly("pagerank", "pageurl");
        Catalog lost = catalog.withView(new ViewInfo("by_name", List.of(new ColumnInfo("gone", HiveType.INT)),
                "SELECT * FROM rankings", null, false));
        assertThatThrownBy(() -> plan(lost, "SELECT * FROM by_name")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("View 'by_name' no longer matches its definition").hasMessageContaining("'gone'");
    }

    @Test
    void aViewReachingItselfIsACycleNotAStackOverflow() {
        Catalog cyclic = catalog.withView(new ViewInfo("a", List.of(new ColumnInfo("x", HiveType.INT)), "SELECT x FROM b", null, false))
                .withView(new ViewInfo("b", List.of(new ColumnInfo("x", HiveType.INT)), "SELECT x FROM a", null, false));
        assertThatThrownBy(() -> plan(cyclic, "SELECT * FROM a")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("refers to itself through a -> b -> a");
    }

    @Test
    void aMissingTableUnderAViewIsNamedWithTheView() {
        Catalog dropped = catalog.withoutTable("uservisits");
        assertThatThrownBy(() -> plan(dropped, "SELECT * FROM over_view")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("View 'long_visits' refers to table or view 'uservisits', which does not exist");
    }
}
