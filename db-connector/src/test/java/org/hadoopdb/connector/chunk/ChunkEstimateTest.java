package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ChunkEstimateTest {
    private static JsonNode plan(String json) throws Exception {
        return new ObjectMapper().readTree(json).get(0).get("Plan");
    }

    private static String aggregate(String groupKey) {
        return "{\"Node Type\": \"Aggregate\", \"Strategy\": \"Hashed\", \"Plan Rows\": 984315, \"Plan Width\": 40,"
                + " \"Group Key\": [" + groupKey + "], \"Plans\": [{\"Node Type\": \"Seq Scan\", \"Plan Rows\": 1614327,"
                + " \"Plan Width\": 40}]}";
    }

    @Test
    void readsRowsAndWidthOfTheTopNode() throws Exception {
        ChunkEstimate e = ChunkEstimate.of(plan("[{\"Plan\": {\"Node Type\": \"Seq Scan\", \"Plan Rows\": 1614327, \"Plan Width\": 21}}]"));
        assertThat(e.rows()).isEqualTo(1614327);
        assertThat(e.rowWidth()).isEqualTo(21);
        assertThat(e.groupsOnExpressions()).isFalse();
    }

    @Test
    void groupsOnColumnsAreTrusted() throws Exception {
        assertThat(ChunkEstimate.of(plan("[{\"Plan\": " + aggregate("\"uservisits.sourceip\"") + "}]")).groupsOnExpressions()).isFalse();
        assertThat(ChunkEstimate.of(plan("[{\"Plan\": " + aggregate("\"\\\"My Table\\\".\\\"a.b\\\"\", \"t.x_1\"") + "}]"))
                .groupsOnExpressions()).isFalse();
    }

    @Test
    void groupsOnAnExpressionAreAnUpperBound() throws Exception {
        // what PostgreSQL 17 prints for the paper's small aggregation's chunk statement
        ChunkEstimate e = ChunkEstimate.of(plan("[{\"Plan\": " + aggregate("\"substr(uservisits.sourceip, 1, 7)\"") + "}]"));
        assertThat(e.groupsOnExpressions()).isTrue();
        assertThat(e.rows()).isEqualTo(984315);
        assertThat(ChunkEstimate.of(plan("[{\"Plan\": " + aggregate("\"t.k\", \"(t.a + 1)\"") + "}]")).groupsOnExpressions()).isTrue();
    }

    @Test
    void looksThroughASortAboveTheAggregate() throws Exception {
        String sorted = "[{\"Plan\": {\"Node Type\": \"Sort\", \"Plan Rows\": 984315, \"Plan Width\": 40, \"Plans\": ["
                + aggregate("\"substr(uservisits.sourceip, 1, 7)\"") + "]}}]";
        assertThat(ChunkEstimate.of(plan(sorted)).groupsOnExpressions()).isTrue();
        String limited = "[{\"Plan\": {\"Node Type\": \"Limit\", \"Plan Rows\": 10, \"Plan Width\": 40, \"Plans\": ["
                + aggregate("\"substr(uservisits.sourceip, 1, 7)\"") + "]}}]";
        assertThat(ChunkEstimate.of(plan(limited)).groupsOnExpressions()).as("a LIMIT bounds the rows itself").isFalse();
    }
}
