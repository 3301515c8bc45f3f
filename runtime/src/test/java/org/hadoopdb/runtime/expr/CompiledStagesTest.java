package org.hadoopdb.runtime.expr;

import org.hadoopdb.functions.impl.HiveComparisons;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.runtime.mr.JaninoLoader;
import org.hadoopdb.runtime.ops.Pipeline;
import org.hadoopdb.runtime.ops.RowSink;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/**
 * A planned stage run through the task pipelines with its compiled expressions, as its map and
 * reduce tasks run it: an expression PostgreSQL cannot evaluate in the map phase, HAVING and a
 * projection above the repartition in the reduce phase.
 */
class CompiledStagesTest {

    @Test
    void havingAndExpressionsAboveTheRepartitionRunCompiled() throws IOException {
        String sql = "SELECT upper(s) AS u, COUNT(*) AS c, SUM(i) * 2 AS twice, concat(upper(s), '!') AS shout "
                + "FROM t GROUP BY upper(s) HAVING SUM(i) > 2 AND max(length(s)) < 3";
        QueryPlan plan = PlannerServices.queryPlanner().plan(ExpressionHarness.CATALOG,
                ((QueryStatement) HiveQlParser.parse(SourceSpan.of(sql))).query(), PlanningOptions.DEFAULTS).plan();
        assertThat(plan.stages()).hasSize(1);
        Stage stage = plan.stages().get(0);
        StageInput.Chunks input = (StageInput.Chunks) stage.inputs().get(0);
        assertThat(String.join("\n", plan.notes())).contains("upper");

        // the map task: chunk rows through the compiled map operators
        RowSchema chunkSchema = input.source().schema();
        List<Row> mapped = new ArrayList<>();
        RowSink map = Pipeline.build(input.mapOps(), row -> mapped.add(row.copy()), new JaninoLoader());
        Object[][] data = {{"a", 1}, {"A", 2}, {"b", 1}, {"B", 1}, {"c", 5}, {"ß", 3}, {"abcd", 1}, {null, 4}};
        for (Object[] d : data) {
            Row r = new Row(chunkSchema);
            r.set(chunkSchema.fieldIndex("s"), d[0]);
            r.set(chunkSchema.fieldIndex("i"), d[1]);
            map.accept(r);
        }
        map.finish();

        // the shuffle: rows grouped on the key (one group field here), NULL first
        int groupFields = stage.shuffle().key().groupColumns();
        assertThat(groupFields).isEqualTo(1);
        Map<String, List<Row>> groups = new TreeMap<>(java.util.Comparator.nullsFirst(HiveComparisons::compare));
        for (Row r : mapped) {
            groups.computeIfAbsent(r.getString(0), k -> new ArrayList<>()).add(r);
        }

        // the reduce task: aggregate, HAVING and the final projection, compiled
        List<List<Object>> out = new ArrayList<>();
        RowSink reduce = Pipeline.build(stage.reduceOps(), row -> {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                values.add(row.get(i));
            }
            out.add(values);
        }, new JaninoLoader());
        for (List<Row> group : groups.values()) {
            for (Row r : group) {
                reduce.accept(r);
            }
            reduce.endGroup();
        }
        reduce.finish();

        assertThat(out).containsExactly(List.of("A", 2L, 6L, "A!"), List.of("C", 1L, 10L, "C!"), List.of("SS", 1L, 6L, "SS!"));
    }
}
