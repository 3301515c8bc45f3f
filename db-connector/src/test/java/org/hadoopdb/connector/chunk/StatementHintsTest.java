package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StatementHintsTest {
    @Test
    void onlyALeadingHintCounts() {
        assertThat(StatementHints.of(StatementHints.NO_NESTED_LOOPS + "SELECT 1")).isEqualTo(Map.of("enable_nestloop", "off"));
        assertThat(StatementHints.of("SELECT 1")).isEmpty();
        // a hint anywhere else (a string constant, a user's comment) is no hint
        assertThat(StatementHints.of("SELECT '" + StatementHints.NO_NESTED_LOOPS + "'")).isEmpty();
        assertThat(StatementHints.of(null)).isEmpty();
    }
}
