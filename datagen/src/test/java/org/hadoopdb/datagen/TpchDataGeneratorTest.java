package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.trino.tpch.TpchTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TpchDataGeneratorTest {

    private static final Map<String, Long> ROWS_AT_SF_001 = Map.of(
            "customer", 1_500L, "orders", 15_000L, "lineitem", 60_175L, "part", 2_000L,
            "partsupp", 8_000L, "supplier", 100L, "nation", 25L, "region", 5L);

    @TempDir
    static Path out;
    static GenerationSummary summary;

    @BeforeAll
    static void generate() throws Exception {
        summary = TpchDataGenerator.builder().scaleFactor(0.01).threads(2).rowsPerPart(4_000).outputDir(out)
                .build().generate(GenerationProgressListener.NONE);
    }

    @Test
    void writesTheEightTablesWithTheirRowCounts() {
        assertThat(summary.datasets()).hasSize(8);
        for (Map.Entry<String, Long> e : ROWS_AT_SF_001.entrySet()) {
            DatasetSummary d = summary.dataset(e.getKey()).orElseThrow();
            assertThat(d.rows()).as(e.getKey()).isEqualTo(e.getValue());
            assertThat(TestFiles.lines(out.resolve(e.getKey()))).as(e.getKey()).hasSize(e.getValue().intValue());
        }
        assertThat(summary.dataset("lineitem").orElseThrow().files()).hasSize(16); // ~60 000 rows, 4 000 per part
        assertThat(summary.dataset("orders").orElseThrow().files()).hasSize(4);
        assertThat(summary.dataset("nation").orElseThrow().files()).hasSize(1);
    }

    @Test
    void rowsArePipeDelimitedWithoutATrailingDelimiter() {
        for (TpchTable<?> table : TpchTable.getTables()) {
            int columns = table.getColumns().size();
            for (String line : TestFiles.lines(out.resolve(table.getTableName())).subList(0, 5)) {
                assertThat(line).doesNotEndWith("|");
                assertThat(line.split("\\|", -1)).as(table.getTableName()).hasSize(columns);
            }
        }
        String order = TestFiles.lines(out.resolve("orders")).get(0);
        assertThat(order.split("\\|")[4]).matches("\\d{4}-\\d{2}-\\d{2}");
    }

    @Test
    void threadCountDoesNotChangeTheFiles(@TempDir Path single) throws Exception {
        TpchDataGenerator.builder().scaleFactor(0.01).threads(1).rowsPerPart(4_000).outputDir(single)
                .tables(List.of("orders", "lineitem")).build().generate(GenerationProgressListener.NONE);
        for (String table : List.of("orders", "lineitem")) {
            List<Path> a = TestFiles.parts(out.resolve(table));
            List<Path> b = TestFiles.parts(single.resolve(table));
            assertThat(b).hasSameSizeAs(a);
            for (int i = 0; i < a.size(); i++) {
                assertThat(Files.mismatch(a.get(i), b.get(i))).isEqualTo(-1L);
            }
        }
    }

    @Test
    void rejectsUnknownTables() {
        assertThatThrownBy(() -> TpchDataGenerator.builder().tables(List.of("lineitems")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lineitem");
    }
}
