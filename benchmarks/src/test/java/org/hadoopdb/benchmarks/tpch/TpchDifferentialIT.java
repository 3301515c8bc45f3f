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
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.datagen.TpchDataGenerator;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.hiveql.ast.SourceSpan;
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
    private static HadoopDbEngine engine;
    private static Session session;
    private static NodeInfo reference;
    private static Differential diff;
    /** The same queries with every stage a MapReduce job. */
    private static Differential asJobs;

    @TempDir
    static Path data;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(4).config(), msg -> { });
        // the test JVM has 2 GB for 4 nodes' worth of local tasks: smaller sort buffers, one stage at a time
        session = engine.openSession(Map.of("mapreduce.task.io.sort.mb", "32", "hadoopdb.stages.parallel", "1"));
        reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, "tpch_reference", 8);
        Map<String, String> jobs = new java.util.HashMap<>(Differential.AS_JOBS);
        jobs.putAll(Map.of("mapreduce.task.io.sort.mb", "32", "hadoopdb.stages.parallel", "1"));
        asJobs = diff.through(engine.openSession(jobs));
        TpchDataGenerator.builder().scaleFactor(SCALE_FACTOR).threads(2).outputDir(data).overwrite(true).build().generate(p -> { });
        TpchSetup.loadHadoopDb(session, data, 4);
        try (Connection c = engine.pools().connect(reference)) {
            TpchSetup.loadReference(c, "tpch_reference", data);
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        asJobs.session().close();
        session.close();
        engine.close();
    }

    private static StatementResult run(String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    @TestFactory
    Stream<DynamicTest> all22QueriesGivePostgresqlsAnswer() throws IOException {
        List<SourceSpan> queries = TpchSetup.queries();
        assertThat(queries).hasSize(22);
        List<DynamicTest> tests = new ArrayList<>();
        for (int q = 0; q < queries.size(); q++) {
            SourceSpan query = queries.get(q);
            tests.add(DynamicTest.dynamicTest("Q" + (q + 1), () -> {
                List<String> theirs = diff.postgres(TpchSetup.postgresSpelling(query.text()));
                // stages in the client where their input is small, then every stage a job: both give PostgreSQL's answer
                for (Differential way : List.of(diff, asJobs)) {
                    List<String> ours = way.hadoopDb(query);
                    String as = (way == diff ? "" : "as jobs: ") + query.text();
                    // every TPC-H ORDER BY is total on its output, except where LIMIT cuts ties; compare in order
                    if (query.text().contains("ORDER BY")) {
                        assertThat(ours).as(as).containsExactlyElementsOf(theirs);
                    } else {
                        assertThat(ours).as(as).containsExactlyInAnyOrderElementsOf(theirs);
                    }
                }
            }));
        }
        return tests.stream();
    }
}
