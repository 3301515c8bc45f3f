package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.hiveql.parse.HiveQlSyntaxException;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Statements a session answers without running a job: settings, USE, errors. */
class SessionIT {
    private static HadoopDbEngine engine;

    @BeforeAll
    static void start() {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    private static List<String> lines(StatementResult result) {
        List<String> out = new ArrayList<>();
        try (ResultStream rows = ((StatementResult.Rows) result).rows()) {
            while (rows.next()) {
                out.add(String.valueOf(rows.row().get(0)));
            }
        }
        return out;
    }

    @Test
    void setChangesOnlyThisSessionsConfiguration() {
        try (Session a = engine.openSession(Map.of()); Session b = engine.openSession(Map.of())) {
            assertThat(a.execute("SET hadoopdb.reducers.max=3", StatementListener.NONE)).isInstanceOf(StatementResult.Done.class);
            assertThat(a.config().get(ConfigKeys.REDUCERS_MAX)).isEqualTo(3);
            assertThat(b.config().get(ConfigKeys.REDUCERS_MAX)).isEqualTo(8);
            assertThat(lines(a.execute("SET hadoopdb.reducers.max", StatementListener.NONE)))
                    .containsExactly("hadoopdb.reducers.max=3");
            assertThat(lines(b.execute("SET no.such.key", StatementListener.NONE))).containsExactly("no.such.key is undefined");
            assertThat(lines(a.execute("SET", StatementListener.NONE))).contains("hadoopdb.reducers.max=3", "hadoopdb.fetch.direct=true");
        }
    }

    @Test
    void otherSettingsPassThroughToHadoop() {
        try (Session s = engine.openSession(Map.of("mapreduce.job.queuename", "etl"))) {
            s.execute("SET mapreduce.map.memory.mb=2048", StatementListener.NONE);
            assertThat(s.config().hadoopConf().get("mapreduce.map.memory.mb")).isEqualTo("2048");
            assertThat(s.config().hadoopConf().get("mapreduce.job.queuename")).isEqualTo("etl");
        }
    }

    @Test
    void badSettingsAreRefusedNamingTheKey() {
        try (Session s = engine.openSession(Map.of())) {
            assertThatThrownBy(() -> s.execute("SET hadoopdb.reducer.max=3", StatementListener.NONE))
                    .isInstanceOf(PlannerException.class).hasMessageContaining("Unknown configuration key 'hadoopdb.reducer.max'")
                    .hasMessageContaining("hadoopdb.reducers.max");
            assertThatThrownBy(() -> s.execute("SET hadoopdb.reducers.max=many", StatementListener.NONE))
                    .hasMessageContaining("'many'").hasMessageContaining("hadoopdb.reducers.max");
            assertThatThrownBy(() -> s.execute("SET hadoopdb.home=/elsewhere", StatementListener.NONE))
                    .hasMessageContaining("cannot be changed in a session");
            assertThat(s.config().get(ConfigKeys.REDUCERS_MAX)).isEqualTo(8);
        }
    }

    @Test
    void useAcceptsOnlyTheDefaultDatabase() {
        try (Session s = engine.openSession(Map.of())) {
            assertThat(s.execute("USE default", StatementListener.NONE)).isInstanceOf(StatementResult.Done.class);
            assertThatThrownBy(() -> s.execute("USE sales", StatementListener.NONE))
                    .hasMessageContaining("Database 'sales' does not exist");
        }
    }

    @Test
    void scriptsSplitAndSyntaxErrorsCarryScriptPositions() {
        try (Session s = engine.openSession(Map.of())) {
            var spans = Session.split("SET hadoopdb.reducers.max=2;\n\nSELECT FROM WHERE;");
            assertThat(spans).hasSize(2);
            s.execute(spans.get(0), StatementListener.NONE);
            assertThatThrownBy(() -> s.execute(spans.get(1), StatementListener.NONE))
                    .isInstanceOf(HiveQlSyntaxException.class).hasMessageContaining("line 3");
        }
    }

    @Test
    void showAndDescribeFunctions() {
        try (Session s = engine.openSession(Map.of())) {
            assertThat(lines(s.execute("SHOW FUNCTIONS", StatementListener.NONE))).contains("substr", "concat_ws", "datediff", "sum");
            assertThat(lines(s.execute("SHOW FUNCTIONS LIKE 'date*'", StatementListener.NONE))).contains("date_add", "datediff")
                    .allMatch(n -> n.startsWith("date"));
            assertThat(lines(s.execute("DESCRIBE FUNCTION substr", StatementListener.NONE))).singleElement().asString()
                    .contains("substr");
            assertThatThrownBy(() -> s.execute("DESCRIBE FUNCTION substrng", StatementListener.NONE))
                    .hasMessageContaining("Unknown function 'substrng'").hasMessageContaining("substr");
        }
    }

    @Test
    void describeOfAMissingTableSuggestsNothingSilently() {
        try (Session s = engine.openSession(Map.of())) {
            assertThat(lines(s.execute("SHOW TABLES", StatementListener.NONE))).doesNotContain("nosuchtable");
            assertThatThrownBy(() -> s.execute("DESCRIBE nosuchtable", StatementListener.NONE))
                    .hasMessageContaining("Table 'nosuchtable' does not exist");
        }
    }
}
