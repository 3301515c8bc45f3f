package org.hadoopdb.jdbc.meta;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.junit.jupiter.api.Test;

class BatchPlanTest {

    private static List<Statement> parse(String... sql) {
        List<Statement> out = new ArrayList<>();
        for (String s : sql) {
            out.add(HiveQlParser.parse(SourceSpan.of(s)));
        }
        return out;
    }

    @Test
    void aRunOfValuesInsertsIntoOneTableBecomesOneInsert() {
        List<BatchPlan.Step> steps = BatchPlan.of(parse(
                "INSERT INTO t VALUES (1, 'a')",
                "INSERT INTO TABLE T VALUES (2, 'b'), (3, 'c')",
                "INSERT INTO t VALUES (4, 'd')",
                "INSERT INTO t (b, a) VALUES ('e', 5)",
                "INSERT INTO t (b, a) VALUES ('f', 6)",
                "INSERT INTO u VALUES (7)",
                "CREATE TABLE v (a INT)",
                "INSERT INTO t SELECT a, b FROM u",
                "INSERT INTO t VALUES (8, 'g')"));
        assertThat(steps).extracting(BatchPlan.Step::first).containsExactly(0, 3, 5, 6, 7, 8);
        assertThat(steps.get(0).rows()).containsExactly(1, 2, 1);
        assertThat(steps.get(0).statement()).isInstanceOfSatisfying(InsertTableStatement.class, i ->
                assertThat(i.query().toString().replace("\n", " ")).contains("VALUES ROW(1, _UTF-16'a'), ROW(2, _UTF-16'b'), ROW(3, _UTF-16'c'), ROW(4, _UTF-16'd')"));
        assertThat(steps.get(1).rows()).containsExactly(1, 1);
        assertThat(steps.subList(2, 6)).allSatisfy(s -> assertThat(s.merged()).isFalse());
    }

    @Test
    void countsAreTheRowsOfEachEntryAndAMergedInsertRunsOnce() {
        List<Statement> batch = parse("INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2), (3)", "SET x=1",
                "INSERT INTO t VALUES (4)");
        List<Statement> ran = new ArrayList<>();
        long[] counts = BatchPlan.run(batch, (statement, index) -> {
            ran.add(statement);
            return statement instanceof InsertTableStatement i ? ((org.apache.calcite.sql.SqlCall) i.query()).operandCount() : 0;
        });
        assertThat(ran).hasSize(3);
        assertThat(counts).containsExactly(1, 2, 0, 1);
        // another number of rows loaded than given: JDBC's "succeeded, count unknown"
        assertThat(BatchPlan.run(batch.subList(0, 2), (statement, index) -> 99))
                .containsExactly(java.sql.Statement.SUCCESS_NO_INFO, java.sql.Statement.SUCCESS_NO_INFO);
    }

    @Test
    void aLongRunIsSplitAtTheRowLimit() {
        List<Statement> batch = new ArrayList<>();
        for (int i = 0; i < BatchPlan.MAX_ROWS_PER_INSERT + 10; i++) {
            batch.add(HiveQlParser.parse(SourceSpan.of("INSERT INTO t VALUES (" + i + ")")));
        }
        List<BatchPlan.Step> steps = BatchPlan.of(batch);
        assertThat(steps).hasSize(2);
        assertThat(steps.get(0).rows()).hasSize(BatchPlan.MAX_ROWS_PER_INSERT);
        assertThat(steps.get(1).first()).isEqualTo(BatchPlan.MAX_ROWS_PER_INSERT);
    }
}
