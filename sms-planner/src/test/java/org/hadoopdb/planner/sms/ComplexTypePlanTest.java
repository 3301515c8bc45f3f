package org.hadoopdb.planner.sms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.SemanticException;
import org.junit.jupiter.api.Test;

/** Plans over ARRAY, MAP and STRUCT columns: what is pushed (the columns), what runs in MapReduce (the rest). */
class ComplexTypePlanTest {
    static Catalog catalog() {
        Catalog c = CatalogFixtures.paperLayout(4, 2, 1);
        String scheme = c.table("rankings").scheme();
        TableInfo docs = TableInfo.created("docs", List.of(new ColumnInfo("pageURL", HiveType.varchar(100)),
                        new ColumnInfo("tags", HiveType.parse("array<string>")),
                        new ColumnInfo("props", HiveType.parse("map<string,int>")),
                        new ColumnInfo("author", HiveType.parse("struct<name:string,age:int>")),
                        new ColumnInfo("items", HiveType.parse("array<struct<sku:string,qty:int>>"))),
                Distribution.HASH, scheme, List.of("pageURL"), List.of(), List.of(), List.of());
        return c.withTable(CatalogFixtures.loaded(docs, c.scheme(scheme), 1));
    }

    private final Catalog catalog = catalog();
    private final QueryPlanner planner = org.hadoopdb.planner.PlannerServices.queryPlanner();

    private QueryPlanner.PlannedQuery plan(String sql) throws Exception {
        var statement = (org.hadoopdb.hiveql.ast.QueryStatement) org.hadoopdb.hiveql.parse.HiveQlParser.parse(
                org.hadoopdb.hiveql.ast.SourceSpan.of(sql));
        return planner.plan(catalog, statement.query(), PlanningOptions.DEFAULTS);
    }

    @Test
    void structFieldsAreReadInMapReduceAndTheChunksSendOnlyTheColumnsUsed() throws Exception {
        String explain = plan("SELECT pageurl, author.name, d.author.age FROM docs d").explain(false);
        assertThat(explain).contains("SQL: SELECT \"pageurl\", \"author\" FROM \"docs\"")
                .contains("Map: Project $0, $1.name, $1.age")
                .contains("struct field name: arrays, maps and structs are jsonb in the chunks");
    }

    @Test
    void aLateralViewRunsInTheMapSideAboveThePushedColumns() throws Exception {
        String explain = plan("SELECT pageurl, t FROM docs LATERAL VIEW explode(tags) x AS t").explain(false);
        assertThat(explain).contains("SQL: SELECT \"pageurl\", \"tags\" FROM \"docs\"")
                .contains("Map: Generate explode($1)").contains("Output: pageurl varchar(100), t string");
        assertThat(plan("SELECT pageurl, x.key, x.value FROM docs LATERAL VIEW OUTER explode(props) x").explain(false))
                .contains("Map: Generate OUTER explode($1)").contains("Output: pageurl varchar(100), key string, value int");
        assertThat(plan("SELECT sku, sum(qty) FROM docs LATERAL VIEW inline(items) i GROUP BY sku").explain(false))
                .contains("Map: Generate inline($0)").contains("Reduce: Aggregate group by first 1 fields: [sum($1)]");
    }

    @Test
    void aGeneratorInTheSelectListIsALateralViewAndFiltersOnTheRowReachTheChunks() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT explode(props) AS (k, v) FROM docs WHERE pageurl = 'x'");
        assertThat(q.explain(false)).contains("chunk 6").contains("WHERE \"pageurl\" = 'x'")
                .contains("Output: k string, v int");
        assertThat(plan("SELECT posexplode(tags) FROM docs").explain(false)).contains("Output: pos int, val string");
    }

    @Test
    void aGeneratorOfConstantsIsALateralViewToo() throws Exception {
        // arguments that read no column: Calcite plans a join with the function's scan, not a correlation
        assertThat(plan("SELECT explode(array(1, 2)) AS n").explain(false)).contains("Generate explode(array(1, 2))").contains("columns: n int");
        assertThat(plan("SELECT pageurl, n FROM docs LATERAL VIEW explode(array(1, 2)) x AS n").explain(false))
                .contains("Generate explode(array(1, 2))").contains("columns: pageurl varchar(100), n int");
    }

    @Test
    void complexValuesAreNeitherGroupedNorSortedNorCompared() {
        assertThatThrownBy(() -> plan("SELECT tags, count(*) FROM docs GROUP BY tags")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Column 'tags' is array<string>, which cannot be used in GROUP BY");
        assertThatThrownBy(() -> plan("SELECT pageurl FROM docs ORDER BY author")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("cannot be used in ORDER BY");
        assertThatThrownBy(() -> plan("SELECT a.pageurl FROM docs a JOIN docs b ON a.props = b.props"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("cannot be compared");
        assertThatThrownBy(() -> plan("SELECT pageurl FROM docs LATERAL VIEW explode(pageurl) x"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("explode takes an array or a map, not VARCHAR(100)");
    }
}
