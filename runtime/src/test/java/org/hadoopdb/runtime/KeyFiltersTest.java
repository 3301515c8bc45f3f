package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.chunk.StatementHints;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.runtime.mr.StageConf;
import org.hadoopdb.runtime.ops.RowSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A chunk statement filtered, when its stage starts, by the join keys an earlier stage wrote. */
class KeyFiltersTest {
    private static final RowSchema LINES = RowSchema.builder().add("l_partkey", HiveType.BIGINT).add("l_quantity", HiveType.decimal(15, 2))
            .build();
    private static final RowSchema PARTS = RowSchema.builder().add("p_name", HiveType.STRING).add("p_partkey", HiveType.BIGINT).build();
    private static final String SQL = "SELECT \"l_partkey\", \"l_quantity\" FROM \"lineitem\"";

    @TempDir
    java.nio.file.Path tmp;

    private final Configuration conf = new Configuration(false);

    /** Stage 1 wrote these parts (a null key among them). */
    private void partsWritten(Long... keys) throws Exception {
        partsWritten(1, keys);
    }

    private void partsWritten(int stage, Long... keys) throws Exception {
        conf.set(StageConf.QUERY_DIR, tmp.toUri().toString());
        StagePartFiles parts = StagePartFiles.create(conf, StageConf.stageOutput(conf, stage));
        RowSink out = parts.open("part-m-00000");
        for (Long k : keys) {
            out.accept(Row.of(PARTS, "part " + k, k));
        }
        out.finish();
        parts.close();
    }

    private static Stage linesJoiningParts() {
        ChunkSource lines = new ChunkSource("s2", "lineitem", List.of("lineitem"), null, SQL, LINES, "broadcast join: the large input")
                .withKeys(new KeyFilter(0, 1, PARTS, 1));
        return new Stage(2, List.of(new StageInput.Chunks(lines, List.of())), null, List.of(), LINES);
    }

    private static ChunkSource source(Stage stage) {
        return ((StageInput.Chunks) stage.inputs().get(0)).source();
    }

    @Test
    void theStatementKeepsOnlyTheRowsWhoseKeyTheEarlierStageWrote() throws Exception {
        partsWritten(3L, 1L, 3L, null, 7L);
        Stage stage = linesJoiningParts();
        assertThat(KeyFilters.has(stage)).isTrue();

        Stage now = KeyFilters.apply(stage, 10, conf);

        assertThat(source(now).sql()).isEqualTo("SELECT * FROM (" + SQL + ") AS \"hdb_keyed\" (\"c0\", \"c1\") "
                + "WHERE \"c0\" = ANY('{3,1,7}'::bigint[])");
        assertThat(source(now).keys()).isEmpty();
        assertThat(KeyFilters.has(now)).isFalse();
    }

    @Test
    void noKeyAtAllKeepsNoRowAndMoreKeysThanAllowedKeepTheStatementAsPlanned() throws Exception {
        partsWritten((Long) null);
        assertThat(source(KeyFilters.apply(linesJoiningParts(), 10, conf)).sql()).endsWith("WHERE \"c0\" = ANY('{}'::bigint[])");

        partsWritten(1L, 2L, 3L);
        Stage now = KeyFilters.apply(linesJoiningParts(), 2, conf);
        assertThat(source(now).sql()).isEqualTo(SQL);
        assertThat(source(now).keys()).isEmpty();
    }

    @Test
    void filtersApplyFewestKeysFirstAndOnlyWhileTheyAreFewerThanTheRowsAChunkReturns() throws Exception {
        partsWritten(1, 1L, 2L, 3L, 4L, 5L);
        partsWritten(3, 8L, 9L);
        ChunkSource lines = new ChunkSource("s2", "lineitem", List.of("lineitem"), null, SQL, LINES, "broadcast join: the large input")
                .withKeys(new KeyFilter(0, 1, PARTS, 1)).withKeys(new KeyFilter(0, 3, PARTS, 1));
        Stage stage = new Stage(2, List.of(new StageInput.Chunks(lines, List.of())), null, List.of(), LINES);
        List<String> estimated = new java.util.ArrayList<>();

        // PostgreSQL estimates 4 rows a chunk once stage 3's two keys filter it: stage 1's five are more
        Stage now = KeyFilters.apply(stage, 10, conf, s -> {
            estimated.add(s.sql());
            return s.sql().equals(SQL) ? 1000 : 4;
        });

        assertThat(source(now).sql()).isEqualTo("SELECT * FROM (" + SQL + ") AS \"hdb_keyed\" (\"c0\", \"c1\") "
                + "WHERE \"c0\" = ANY('{8,9}'::bigint[])");
        assertThat(estimated).singleElement().asString().endsWith("WHERE \"c0\" = ANY('{8,9}'::bigint[])");
        // with 5 rows a chunk estimated, both apply, the two keys first
        assertThat(source(KeyFilters.apply(stage, 10, conf, s -> s.sql().equals(SQL) ? 1000 : 5)).sql())
                .endsWith("WHERE \"c0\" = ANY('{8,9}'::bigint[]) AND \"c0\" = ANY('{1,2,3,4,5}'::bigint[])");
        // the first applies whatever the estimate (PostgreSQL's of a statement as planned can be one row for thousands);
        // an unknown estimate applies them all
        assertThat(source(KeyFilters.apply(stage, 10, conf, s -> 1)).sql()).endsWith("WHERE \"c0\" = ANY('{8,9}'::bigint[])");
        assertThat(source(KeyFilters.apply(stage, 10, conf, s -> -1)).sql()).contains("'{8,9}'").contains("'{1,2,3,4,5}'");
        // a skipped filter leaves the statement as it was: the next one is judged by the same estimate, asked once
        partsWritten(4, 11L, 12L, 13L, 14L, 15L, 16L);
        Stage three = new Stage(2, List.of(new StageInput.Chunks(lines.withKeys(new KeyFilter(0, 4, PARTS, 1)), List.of())), null,
                List.of(), LINES);
        estimated.clear();
        assertThat(source(KeyFilters.apply(three, 10, conf, s -> {
            estimated.add(s.sql());
            return 4;
        })).sql()).endsWith("WHERE \"c0\" = ANY('{8,9}'::bigint[])");
        assertThat(estimated).hasSize(1);
    }

    @Test
    void turnedOffThePlanRunsEveryStatementAsPlanned() {
        Stage stage = linesJoiningParts();
        QueryPlan plan = new QueryPlan(List.of(stage), new QueryPlan.FromStage(2), LINES, false, List.of());
        Stage without = KeyFilters.without(plan).stages().get(0);
        assertThat(source(without).sql()).isEqualTo(SQL);
        assertThat(KeyFilters.has(without)).isFalse();
    }

    @Test
    void aHintStaysFirstAndKeysAreLiteralsOfTheColumnsType() {
        String hinted = StatementHints.NO_NESTED_LOOPS + SQL;
        String filtered = KeyFilters.filtered(hinted, LINES, List.of(KeyFilters.condition(0, HiveType.INT, List.of("1", "2"))));
        assertThat(filtered).startsWith(StatementHints.NO_NESTED_LOOPS + "SELECT * FROM (SELECT \"l_partkey\"")
                .endsWith("WHERE \"c0\" = ANY('{1,2}'::integer[])");
        assertThat(StatementHints.of(filtered)).containsEntry("enable_nestloop", "off");

        // strings and dates inside the array constant: quoted elements, the SQL quote doubled
        assertThat(KeyFilters.condition(1, HiveType.STRING, List.of("'it''s'", "'a\\b'", "'say \"x\"'", "'x,{y}'", "''")))
                .isEqualTo("\"c1\" = ANY('{\"it''s\",\"a\\\\b\",\"say \\\"x\\\"\",\"x,{y}\",\"\"}'::text[])");
        assertThat(KeyFilters.condition(2, HiveType.DATE, List.of("'1995-03-15'"))).isEqualTo("\"c2\" = ANY('{\"1995-03-15\"}'::date[])");

        assertThat(KeyFilters.literal("it's", HiveType.STRING)).isEqualTo("'it''s'");
        assertThat(KeyFilters.literal("a\\b", HiveType.STRING)).isEqualTo("'a\\b'"); // standard_conforming_strings
        assertThat(KeyFilters.literal(LocalDate.of(1995, 3, 15), HiveType.DATE)).isEqualTo("'1995-03-15'");
        assertThat(KeyFilters.literal(new java.math.BigDecimal("12.50"), HiveType.decimal(15, 2))).isEqualTo("12.50");
        // a key the column cannot hold matches no row; a date PostgreSQL cannot be given drops the filter
        assertThat(KeyFilters.literal(5_000_000_000L, HiveType.INT)).isEmpty();
        assertThat(KeyFilters.literal(70_000L, HiveType.SMALLINT)).isEmpty();
        assertThat(KeyFilters.literal(LocalDate.of(10_000, 1, 1), HiveType.DATE)).isNull();
    }

    @Test
    void aStageWithAKeyFilterIsPlacedWhenItStarts() {
        ClientStageRule.Decision d = ClientStageRule.decide(linesJoiningParts(), 1_000_000, s -> {
            throw new AssertionError("no reducers asked before the keys are known");
        }, s -> {
            throw new AssertionError("no estimate asked before the keys are known");
        });
        assertThat(d.verdict()).isEqualTo(ClientStageRule.Verdict.AT_START);
        assertThat(d.why()).contains("filtered by the keys stage 1 writes");
    }
}
