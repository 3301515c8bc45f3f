package org.hadoopdb.benchmarks.tpcds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The query texts as the benchmark and the differential test read them: from Spark's test jar, which the
 * package phase copies beside the classes (hence an integration test: the jar is there from {@code package}).
 */
class TpcdsQueriesIT {
    @Test
    void allHundredAndThreeTextsAreReadWithoutTheirLicenceHeaderOrSemicolon() throws IOException {
        Map<String, String> all = TpcdsQueries.load(null);
        assertThat(all).hasSize(103);
        assertThat(all.keySet()).startsWith("q1", "q2", "q3").contains("q14a", "q14b", "q23a", "q24b", "q39a").endsWith("q99");
        assertThat(all.values()).allSatisfy(q -> {
            assertThat(q).doesNotStartWith("--").doesNotEndWith(";");
            assertThat(q.toLowerCase()).contains("select");
        });
        // dsdgen's column name, as the TPC-DS schema has it
        assertThat(all.get("q30")).contains("c_last_review_date_sk");
    }

    @Test
    void namedQueriesOnlyAndAnUnknownNameIsRefusedByName() throws IOException {
        assertThat(TpcdsQueries.load(List.of("q42", "q3")).keySet()).containsExactly("q3", "q42");
        assertThatThrownBy(() -> TpcdsQueries.load(List.of("q3", "q14"))).isInstanceOf(IOException.class)
                .hasMessageContaining("There is no TPC-DS query q14").hasMessageContaining("q14a/q14b");
    }

    @Test
    void postgresqlSpellingKeepsHivesMeaning() {
        String pg = TpcdsQueries.postgresSpelling("select `x`, cast(d as string) from t where d between a and (a + interval 30 days) order by x");
        assertThat(pg).contains("\"x\"").contains("cast(d as text)").contains("interval '30 days'").contains("order by x NULLS FIRST");
    }
}
