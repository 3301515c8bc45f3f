package org.hadoopdb.benchmarks.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hadoopdb.benchmarks.data.TpchDataGenerator;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.testing.TestClusters;
import org.hadoopdb.planner.ast.SourceSpan;
import org.hadoopdb.planner.testing.Differential;
import org.hadoopdb.planner.session.HadoopDbEngine;
import org.hadoopdb.planner.session.Session;
import org.hadoopdb.planner.session.StatementListener;
import org.hadoopdb.planner.session.StatementResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-H 22/22: the 22 queries in HiveQL (the planner's own query file) run end to end on HadoopDB over
 * dbgen data at a small scale factor, and each answer equals the same query on one PostgreSQL holding
 * all the rows. Lineitem and orders are co-located on the order key; nation and region replicated.
 */
class TpchDifferentialIT {
    private static final double SCALE_FACTOR = 0.1;
    private static final Map<String, String> TABLES = new LinkedHashMap<>();

    static {
        TABLES.put("nation", "n_nationkey int, n_name string, n_regionkey int, n_comment string");
        TABLES.put("region", "r_regionkey int, r_name string, r_comment string");
        TABLES.put("part", "p_partkey bigint, p_name string, p_mfgr string, p_brand string, p_type string, p_size int, "
                + "p_container string, p_retailprice decimal(15,2), p_comment string");
        TABLES.put("supplier", "s_suppkey bigint, s_name string, s_address string, s_nationkey int, s_phone string, "
                + "s_acctbal decimal(15,2), s_comment string");
        TABLES.put("partsupp", "ps_partkey bigint, ps_suppkey bigint, ps_availqty int, ps_supplycost decimal(15,2), ps_comment string");
        TABLES.put("customer", "c_custkey bigint, c_name string, c_address string, c_nationkey int, c_phone string, "
                + "c_acctbal decimal(15,2), c_mktsegment string, c_comment string");
        TABLES.put("orders", "o_orderkey bigint, o_custkey bigint, o_orderstatus string, o_totalprice decimal(15,2), "
                + "o_orderdate date, o_orderpriority string, o_clerk string, o_shippriority int, o_comment string");
        TABLES.put("lineitem", "l_orderkey bigint, l_partkey bigint, l_suppkey bigint, l_linenumber int, l_quantity decimal(15,2), "
                + "l_extendedprice decimal(15,2), l_discount decimal(15,2), l_tax decimal(15,2), l_returnflag string, "
                + "l_linestatus string, l_shipdate date, l_commitdate date, l_receiptdate date, l_shipinstruct string, "
                + "l_shipmode string, l_comment string");
    }

    private static final Map<String, String> KEYS = Map.of("part", "p_partkey", "supplier", "s_suppkey", "partsupp", "ps_partkey",
            "customer", "c_custkey", "orders", "o_orderkey", "lineitem", "l_orderkey");

    private static HadoopDbEngine engine;
    private static Session session;
    private static NodeInfo reference;
    private static Differential diff;

    @TempDir
    static Path data;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(4).config(), msg -> { });
        // the test JVM has 2 GB for 4 nodes' worth of local tasks: smaller sort buffers, one stage at a time
        session = engine.openSession(Map.of("mapreduce.task.io.sort.mb", "32", "hadoopdb.stages.parallel", "1"));
        reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, "tpch_reference", 8);
        TpchDataGenerator.builder().scaleFactor(SCALE_FACTOR).threads(2).outputDir(data).overwrite(true).build().generate(p -> { });
        for (Map.Entry<String, String> t : TABLES.entrySet()) {
            String key = KEYS.get(t.getKey());
            run("DROP TABLE IF EXISTS " + t.getKey());
            run("CREATE TABLE " + t.getKey() + " (" + t.getValue() + ") "
                    + (key == null ? "" : "CLUSTERED BY (" + key + ") INTO 4 BUCKETS ")
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'"
                    + (key == null ? " TBLPROPERTIES ('hadoopdb.distribution'='replicated')" : ""));
            run("LOAD DATA LOCAL INPATH '" + data.resolve(t.getKey()) + "' INTO TABLE " + t.getKey());
        }
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS tpch_reference CASCADE");
            st.execute("CREATE SCHEMA tpch_reference");
            for (Map.Entry<String, String> t : TABLES.entrySet()) {
                String columns = t.getValue().replace(" string", " text COLLATE \"C\"");
                st.execute("CREATE TABLE tpch_reference." + t.getKey() + " (" + columns + ")");
                try (Stream<Path> parts = Files.list(data.resolve(t.getKey()))) {
                    for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
                        try (Reader in = Files.newBufferedReader(p)) {
                            c.unwrap(org.postgresql.PGConnection.class).getCopyAPI().copyIn(
                                    "COPY tpch_reference." + t.getKey() + " FROM STDIN WITH (FORMAT text, DELIMITER '|')", in);
                        }
                    }
                }
                st.execute("ANALYZE tpch_reference." + t.getKey());
            }
            // PostgreSQL runs correlated sub-queries (Q2, Q17, Q20, Q22) once per outer row: index their lookups
            for (String index : List.of("lineitem (l_partkey, l_suppkey)", "lineitem (l_orderkey)", "partsupp (ps_partkey, ps_suppkey)",
                    "part (p_partkey)", "supplier (s_suppkey)", "customer (c_custkey)", "orders (o_orderkey)", "orders (o_custkey)")) {
                st.execute("CREATE INDEX ON tpch_reference." + index);
            }
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        session.close();
        engine.close();
    }

    private static StatementResult run(String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    @TestFactory
    Stream<DynamicTest> all22QueriesGivePostgresqlsAnswer() throws IOException {
        List<SourceSpan> queries;
        try (InputStream in = TpchDifferentialIT.class.getResourceAsStream("/org/hadoopdb/planner/parse/tpch.hql")) {
            queries = Session.split(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertThat(queries).hasSize(22);
        List<DynamicTest> tests = new ArrayList<>();
        for (int q = 0; q < queries.size(); q++) {
            SourceSpan query = queries.get(q);
            tests.add(DynamicTest.dynamicTest("Q" + (q + 1), () -> {
                List<String> ours = diff.hadoopDb(query);
                List<String> theirs = diff.postgres(postgresSpelling(query.text()));
                // every TPC-H ORDER BY is total on its output, except where LIMIT cuts ties; compare in order
                if (query.text().contains("ORDER BY")) {
                    assertThat(ours).as(query.text()).containsExactlyElementsOf(theirs);
                } else {
                    assertThat(ours).as(query.text()).containsExactlyInAnyOrderElementsOf(theirs);
                }
            }));
        }
        return tests.stream();
    }

    /**
     * The HiveQL text as PostgreSQL spells it: decimal literals without BD, quoted names, year() as
     * extract(), Q4's semi-join as EXISTS, and averages rounded to Hive's scale (avg of DECIMAL(15,2) is
     * DECIMAL(19,6) in Hive; PostgreSQL keeps every digit).
     */
    static String postgresSpelling(String hive) {
        String pg = hive.replaceAll("(\\d+\\.\\d+)BD", "$1").replace('`', '"')
                .replaceAll("year\\(([^()]*)\\)", "extract(year from $1)")
                .replaceAll("avg\\(([^()]*)\\)", "round(avg($1), 6)")
                // Q8: Hive divides DECIMAL(38,4) sums into DECIMAL(38,6) (precision capped at 38, scale kept at 6)
                .replace("sum(CASE WHEN nation = 'BRAZIL' THEN volume ELSE 0 END) / sum(volume)",
                        "round(sum(CASE WHEN nation = 'BRAZIL' THEN volume ELSE 0 END) / sum(volume), 6)");
        return pg.replaceAll("(?s)FROM orders LEFT SEMI JOIN lineitem ON (.*?)\\s*\\nWHERE ",
                "FROM orders WHERE EXISTS (SELECT 1 FROM lineitem WHERE $1) AND ");
    }
}
