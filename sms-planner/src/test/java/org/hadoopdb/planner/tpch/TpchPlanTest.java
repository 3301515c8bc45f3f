package org.hadoopdb.planner.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.connector.chunk.StatementHints;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.QueryPlan;
import org.junit.jupiter.api.Test;

/** All 22 TPC-H queries plan on HadoopDB's TPC-H layout; the joins on co-located keys are pushed. */
class TpchPlanTest {
    private final Catalog catalog = TpchCatalog.of(4, 2);
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    static List<QueryStatement> queries() throws IOException {
        try (InputStream in = TpchPlanTest.class.getResourceAsStream("/org/hadoopdb/hiveql/parse/tpch.hql")) {
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
                planner.plan(catalog, queries.get(i).query(), PlanningOptions.DEFAULTS);
            } catch (RuntimeException e) {
                failures.add("Q" + (i + 1) + ": " + e.getMessage());
            }
        }
        assertThat(failures).isEmpty();
    }

    /** The chunk statements of query {@code n} (1-based), one per EXPLAIN "SQL:" line. */
    private List<String> pushedSql(int n) throws IOException {
        String explain = planner.plan(catalog, queries().get(n - 1).query(), PlanningOptions.DEFAULTS).explain(false);
        return explain.lines().map(String::strip).filter(l -> l.startsWith("SQL:")).toList();
    }

    @Test
    void anInSubqueryGroupedOnTheKeyJoinsInsideTheChunks() throws IOException {
        // Q18: o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey HAVING ...) is chunk-local like
        // lineitem and orders: the three join in one statement per chunk, which returns only the qualifying orders
        assertThat(pushedSql(18)).anyMatch(sql -> sql.contains("FROM \"lineitem\") AS") && sql.contains("FROM \"orders\")")
                && sql.contains("GROUP BY \"l_orderkey\" HAVING"));
    }

    @Test
    void q21sExistsAndNotExistsAreSemiAndAntiJoinsOfLineitemInsideTheChunks() throws IOException {
        // decorrelated the way Calcite does it, Q21 took 18 stages: the distinct (order, supplier) pairs of lineitem
        // joined with orders, supplier and nation, then joined back with lineitem, none of it on the order key
        QueryPlanner.PlannedQuery q = planner.plan(catalog, queries().get(20).query(), PlanningOptions.DEFAULTS);
        assertThat(q.plan().stages()).hasSizeLessThanOrEqualTo(4);
        assertThat(pushedSql(21)).anyMatch(sql -> sql.contains("\"orders\"") && sql.contains("WHERE EXISTS (SELECT 1 FROM (SELECT \"l_orderkey\"")
                && sql.contains("WHERE NOT EXISTS (SELECT 1 FROM (SELECT \"l_orderkey\""));
        // with its anti join, the statement asks for no nested loops (PostgreSQL estimated the anti join at one row and
        // nested a scan of orders under it: 9.2 s a chunk instead of 32 ms)
        assertThat(pushedSql(21)).filteredOn(sql -> sql.contains("NOT EXISTS"))
                .allSatisfy(sql -> assertThat(sql).startsWith("SQL: " + StatementHints.NO_NESTED_LOOPS));
        assertThat(pushedSql(3)).noneMatch(sql -> sql.contains("hadoopdb:"));
        // two joins or more in one statement: no nested loops either (TPC-DS q29's chunk statement, estimated at one
        // row, took 38 s with them and 0.14 s without); Q18's lineitem, orders and grouped lineitem
        assertThat(pushedSql(18)).filteredOn(sql -> sql.contains("GROUP BY \"l_orderkey\" HAVING"))
                .allSatisfy(sql -> assertThat(sql).startsWith("SQL: " + StatementHints.NO_NESTED_LOOPS)).isNotEmpty();
    }

    @Test
    void aFilteredReplicatedTableJoinsTheChunkedTableItFiltersInsideItsChunks() throws IOException {
        // Q11's suppliers of GERMANY: supplier joined with nation in its chunks, so 400 suppliers leave them (and their
        // keys filter partsupp), not all 10,000 to be joined with the nation in MapReduce
        assertThat(pushedSql(11)).anyMatch(sql -> sql.contains("FROM \"supplier\"") && sql.contains("'GERMANY'"));
        assertThat(planner.plan(catalog, queries().get(10).query(), PlanningOptions.DEFAULTS).explain(false))
                .containsPattern("Keys: only rows whose ps_suppkey is among the keys stage \\d+ writes");
        // Q5's suppliers of ASIA (nation and region), Q7's of FRANCE or GERMANY and customers likewise
        assertThat(pushedSql(5)).anyMatch(sql -> sql.contains("FROM \"supplier\"") && sql.contains("'ASIA'"));
        assertThat(pushedSql(7)).anyMatch(sql -> sql.contains("FROM \"supplier\"") && sql.contains("'FRANCE'"));
        assertThat(pushedSql(7)).anyMatch(sql -> sql.contains("FROM \"customer\"") && sql.contains("'FRANCE'"));
        // and Q2's suppliers of EUROPE leave their chunks joined there with their nation's name, their keys filtering
        // partsupp
        assertThat(planner.plan(catalog, queries().get(1).query(), PlanningOptions.DEFAULTS).explain(false).lines()
                .map(String::strip).toList()).anySatisfy(l -> assertThat(l).startsWith("SQL:").contains("\"s_comment\"")
                        .contains("\"n_name\"").contains("'EUROPE'"))
                .anySatisfy(l -> assertThat(l).startsWith("Keys: only rows whose ps_suppkey is among the keys stage"));
    }

    @Test
    void aSubQuerysAggregateDoesNotKeepCoLocatedInputsApart() throws IOException {
        // Q2's minimum cost per part (Calcite estimates 60 million rows: its join with the suppliers is a guess) was the
        // first input of the query's joins; nothing could then join in the chunks, and part and partsupp, co-located,
        // were read in stages of their own (partsupp twice, through a nested EXISTS) and met in MapReduce
        String explain = planner.plan(catalog, queries().get(1).query(), PlanningOptions.DEFAULTS).explain(false);
        assertThat(pushedSql(2)).anyMatch(sql -> sql.contains("FROM \"partsupp\"") && sql.contains("\"p_mfgr\""));
        assertThat(explain).contains("Stage 4:").doesNotContain("Stage 5:");
    }

    @Test
    void anExistsOverAJoinOfReplicatedTablesLooksUpItsFilteredRows() {
        // TPC-DS q69's shape: the EXISTS reads the nation's columns only, but nation and region are replicated (joined in
        // one database whatever is filtered first): the lookup is made for the nations of EUROPE, after the join
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of("SELECT n.n_name FROM nation n, region r "
                + "WHERE n.n_regionkey = r.r_regionkey AND r.r_name = 'EUROPE' "
                + "AND EXISTS (SELECT * FROM supplier s WHERE s.s_nationkey = n.n_nationkey AND s.s_acctbal > 9000)"));
        List<String> logical = planner.plan(catalog, q.query(), PlanningOptions.DEFAULTS).logicalPlan().lines().toList();
        int semi = indexOf(logical, "joinType=[semi]");
        int inner = indexOf(logical, "joinType=[inner]");
        assertThat(semi).as(String.join("\n", logical)).isNotNegative().isLessThan(inner);
        assertThat(logical.get(inner).indexOf('L')).isGreaterThan(logical.get(semi).indexOf('L')); // under the semi join
    }

    @Test
    void groupingSetsOfSumsCountsMinimaAndMaximaReadTheirInputOnce() {
        // TPC-DS q36's shape: each set used to join and read the whole input again in its own chunk statements
        QueryStatement rollup = (QueryStatement) HiveQlParser.parse(SourceSpan.of("SELECT n.n_name, c.c_mktsegment, "
                + "sum(c.c_acctbal), count(*), max(c.c_phone) FROM customer c JOIN nation n ON c.c_nationkey = n.n_nationkey "
                + "WHERE c.c_acctbal > 0 GROUP BY ROLLUP (n.n_name, c.c_mktsegment)"));
        QueryPlan plan = planner.plan(catalog, rollup.query(), PlanningOptions.DEFAULTS).plan();
        assertThat(plan.stages()).flatExtracting(Stage::inputs).filteredOn(StageInput.Chunks.class::isInstance).hasSize(1);
        // an average too, from its sums and counts (TPC-DS q18's and q27's shape), merged once per set in the reducers
        QueryStatement avg = (QueryStatement) HiveQlParser.parse(SourceSpan.of("SELECT c.c_mktsegment, n.n_name, "
                + "avg(c.c_acctbal), avg(c.c_custkey), count(*) FROM customer c JOIN nation n ON c.c_nationkey = n.n_nationkey "
                + "GROUP BY ROLLUP (c.c_mktsegment, n.n_name)"));
        String explain = planner.plan(catalog, avg.query(), PlanningOptions.DEFAULTS).explain(false);
        assertThat(planner.plan(catalog, avg.query(), PlanningOptions.DEFAULTS).plan().stages()).flatExtracting(Stage::inputs)
                .filteredOn(StageInput.Chunks.class::isInstance).hasSize(1);
        assertThat(explain).contains("avg($1, $2)").doesNotContain("Aggregate runs in MapReduce from raw rows");
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void aScalarSubQuerysComparisonFiltersTheKeysOfANotExists() throws IOException {
        // Q22's NOT EXISTS looked up the orders of every customer of the seven country codes (42,015); the comparison
        // with the average balance now filters them first (19,000): the stage writing the keys joins the average
        String explain = planner.plan(catalog, queries().get(21).query(), PlanningOptions.DEFAULTS).explain(false);
        List<String> stages = List.of(explain.split("\n  Stage "));
        assertThat(stages).filteredOn(s -> s.contains("Output: k bigint")).singleElement().asString()
                .contains("INNER broadcast join with the output of stage");
    }

    @Test
    void aGroupingInOneReducerNeedsNoStageToOrderByItsKeys() throws IOException {
        // Q1 and Q4 order by their group columns, which their one reducer returns in that order already
        for (int q : new int[] {1, 4}) {
            QueryPlanner.PlannedQuery planned = planner.plan(catalog, queries().get(q - 1).query(), PlanningOptions.DEFAULTS);
            assertThat(planned.plan().stages()).as("Q" + q).hasSize(1);
            assertThat(planned.plan().ordered()).as("Q" + q).isTrue();
        }
        // in the other direction, or by an aggregate, the rows are sorted again
        for (String order : new String[] {"l_returnflag DESC", "c"}) {
            QueryStatement other = (QueryStatement) HiveQlParser.parseScript("SELECT l_returnflag, count(*) AS c FROM lineitem "
                    + "GROUP BY l_returnflag ORDER BY " + order).get(0);
            QueryPlanner.PlannedQuery planned = planner.plan(catalog, other.query(), PlanningOptions.DEFAULTS);
            assertThat(planned.plan().stages()).as(order).hasSize(2);
            assertThat(planned.plan().ordered()).isTrue();
        }
    }

    @Test
    void aScalarSubQuerysOneRowIsBroadcastNotPairedInOneReducer() throws IOException {
        // Q11's threshold, Q16's NOT IN counts and Q22's average balance: every row of the other input went to one
        // reducer to meet that row; it now meets it in the map tasks
        for (int q : new int[] {11, 16, 22}) {
            String explain = planner.plan(catalog, queries().get(q - 1).query(), PlanningOptions.DEFAULTS).explain(false);
            assertThat(explain).as("Q" + q).doesNotContain("join without equal keys").contains("INNER broadcast join with the output of stage");
        }
    }

    @Test
    void sizeEstimatesAreNeverNegative() throws IOException {
        // Calcite sizes a STRING (a VARCHAR of no length) at -2 bytes a character: rows times that made every input with
        // strings "about -600000 bytes", always broadcast; at TPC-DS scale factor 1 the map tasks ran out of memory
        List<QueryStatement> queries = queries();
        for (int i = 0; i < queries.size(); i++) {
            String explain = planner.plan(catalog, queries.get(i).query(), PlanningOptions.DEFAULTS).explain(false);
            assertThat(explain).as("Q" + (i + 1)).doesNotContain("about -");
        }
        // Q21's suppliers of one nation (as many as Calcite estimates the join keeps) broadcast as key (8 bytes), name (a string:
        // 32) and the nation's key on both sides (4 + 4): it was 10 bytes a row
        String q21 = planner.plan(catalog, queries.get(20).query(), PlanningOptions.DEFAULTS).explain(false);
        assertThat(q21).contains("the right input (about 270000 bytes) is broadcast");
    }

    @Test
    void noStageCarriesAColumnNothingAboveReads() throws IOException {
        // Q17 needs three of lineitem's sixteen columns where it joins the 200 parts and their average quantities, two
        // where it computes those averages
        assertThat(pushedSql(17)).filteredOn(sql -> sql.contains("FROM \"lineitem\"") && !sql.contains("GROUP BY")).hasSize(2)
                .allSatisfy(sql -> assertThat(sql).doesNotContain("l_comment").doesNotContain("l_shipmode").doesNotContain("l_orderkey"));
        // Q13 filters orders on their comment, then needs only the order and customer keys: the comment is not broadcast
        String explain = planner.plan(catalog, queries().get(12).query(), PlanningOptions.DEFAULTS).explain(false);
        assertThat(explain.lines().filter(l -> l.strip().startsWith("Output:"))).noneMatch(l -> l.contains("o_comment"));
    }

    @Test
    void decorrelatedAggregatesAreComputedOnlyForTheKeysTheQueryKeeps() throws IOException {
        // Q17's average quantity per part was computed for all 200,000 parts (every lineitem row grouped) to keep 200:
        // the lineitem rows are first semi-joined with the parts of the brand and container, filtered by their keys
        String q17 = planner.plan(catalog, queries().get(16).query(), PlanningOptions.DEFAULTS).explain(false);
        assertThat(q17).contains("SEMI broadcast join");
        assertThat(q17.lines().filter(l -> l.strip().startsWith("Keys: only rows whose l_partkey"))).hasSize(2);
        assertThat(q17.lines().filter(l -> l.strip().startsWith("SQL:") && l.contains("'Brand#23'"))).hasSize(1);
        // Q20's sums of lineitem per part and supplier: only for the parts named forest...
        assertThat(planner.plan(catalog, queries().get(19).query(), PlanningOptions.DEFAULTS).explain(false))
                .contains("SEMI broadcast join").containsPattern("Keys: only rows whose l_partkey is among the keys stage \\d+ writes");
        // Q9's partsupp, joined with lineitem on part and supplier, keeps the parts named ...green... inside its chunks,
        // where part is co-located with it
        assertThat(pushedSql(9)).anyMatch(sql -> sql.contains("FROM \"partsupp\"") && sql.contains("WHERE EXISTS")
                && sql.contains("'%green%'"));
        // Q22's NOT EXISTS looks up the orders of the customers of seven country codes: only theirs are read
        assertThat(planner.plan(catalog, queries().get(21).query(), PlanningOptions.DEFAULTS).explain(false))
                .containsPattern("Keys: only rows whose o_custkey is among the keys stage \\d+ writes");
        // ... and, read only to tell which customers have orders, each chunk returns each customer key once
        assertThat(pushedSql(22)).anyMatch(sql -> sql.contains("SELECT DISTINCT * FROM (SELECT \"o_custkey\" FROM \"orders\")"));
        // so are the keys of a semi-join reduction (Q5's nations of the suppliers of ASIA, which reduce the customers);
        // an input whose rows the query reads is not: Q5's suppliers, Q7's, Q9's and Q11's inputs
        assertThat(pushedSql(5)).anyMatch(sql -> sql.contains("SELECT DISTINCT * FROM (SELECT \"t1\".\"s_nationkey\" AS \"k\""));
        assertThat(pushedSql(5)).noneMatch(sql -> sql.contains("DISTINCT") && sql.contains("s_suppkey"));
        for (int q : new int[] {7, 9, 11}) {
            assertThat(pushedSql(q)).as("Q" + q).noneMatch(sql -> sql.contains("DISTINCT"));
        }
        // Q19's OR of three kinds of part, each with its lineitem quantities: the part chunks return those kinds only
        assertThat(pushedSql(19)).anyMatch(sql -> sql.contains("FROM \"part\"") && sql.contains("WHERE")
                && sql.contains("'Brand#12'") && sql.contains("'Brand#34'"));
        // Q13 counts each customer's orders in the chunks, grouped on the customer key, before the LEFT join
        assertThat(pushedSql(13)).anyMatch(sql -> sql.contains("COUNT(\"o_orderkey\")") && sql.contains("GROUP BY \"o_custkey\""));
        // an input joined inside the chunks with the filtered one is not reduced by it: Q21's suppliers of one nation
        assertThat(pushedSql(21)).noneMatch(sql -> sql.contains("FROM \"supplier\"") && sql.contains("EXISTS"));
    }

    @Test
    void aSumOfOneJoinInputIsComputedOnItsJoinKeysBeforeTheJoin() throws IOException {
        // Q10 sums each customer's returned order lines in the chunks, grouped on the customer key, before they meet the
        // customers; Q3's groups are orders, as many as its order lines' keys: it is left as it was
        assertThat(pushedSql(10)).anyMatch(sql -> sql.contains("SUM(") && sql.contains("GROUP BY \"t4\".\"o_custkey\"")
                && sql.contains("\"lineitem\"") && sql.contains("\"orders\""));
        assertThat(pushedSql(3)).noneMatch(sql -> sql.contains("GROUP BY"));
    }

    @Test
    void aSubQueryWrittenTwiceRunsOnce() throws IOException {
        // Q15's revenue view, in the query and in its scalar sub-query: lineitem was read three times in eight stages
        QueryPlanner.PlannedQuery q15 = planner.plan(catalog, queries().get(14).query(), PlanningOptions.DEFAULTS);
        assertThat(q15.plan().stages()).hasSize(5);
        assertThat(Pattern.compile("Map input s\\d+: lineitem").matcher(q15.explain(false)).results()).hasSize(1);
        // random numbers are drawn anew for each use, as Hive does
        String random = "WITH r AS (SELECT l_suppkey, SUM(l_quantity * rand(3)) AS q FROM lineitem GROUP BY l_suppkey) "
                + "SELECT a.l_suppkey, a.q, b.q FROM r a JOIN r b ON a.l_suppkey = b.l_suppkey";
        String explain = planner.plan(catalog, ((QueryStatement) HiveQlParser.parseScript(random).get(0)).query(),
                PlanningOptions.DEFAULTS).explain(false);
        assertThat(Pattern.compile("Map input s\\d+: lineitem").matcher(explain).results()).hasSize(2);
    }

    @Test
    void explainShowsTheJoinsPushedIntoTheChunks() throws IOException {
        // lineitem and orders are co-located on the order key: their join runs inside each chunk
        for (int q : new int[] {3, 4, 10, 12, 18, 21}) {
            assertThat(pushedSql(q)).as("Q" + q).anyMatch(sql -> sql.contains("\"orders\"") && sql.contains("\"lineitem\"")
                    && (sql.contains("JOIN") || sql.contains("EXISTS")));
        }
        // part and partsupp share the part key
        assertThat(pushedSql(16)).anyMatch(sql -> sql.contains("\"partsupp\"") && sql.contains("\"part\"") && sql.contains("JOIN"));
    }

    @Test
    void theSameParsedQueryPlansTwice() {
        // a CTAS plans its query for its columns and again to run it; the validator once rewrote the tree it
        // was given, so the second plan failed with "Table 'a' not found"
        Catalog catalog = TpchCatalog.of(4, 2);
        QueryPlanner planner = PlannerServices.queryPlanner();
        var query = ((QueryStatement) HiveQlParser.parse(SourceSpan.of("SELECT a.n_name, COUNT(*) AS n FROM nation a"
                + " JOIN nation b ON a.n_regionkey = b.n_regionkey GROUP BY a.n_name ORDER BY a.n_name"))).query();
        String text = query.toString();
        String first = planner.plan(catalog, query, PlanningOptions.DEFAULTS).explain(false);
        assertThat(query.toString()).isEqualTo(text);
        assertThat(planner.plan(catalog, query, PlanningOptions.DEFAULTS).explain(false)).isEqualTo(first);
    }
}
