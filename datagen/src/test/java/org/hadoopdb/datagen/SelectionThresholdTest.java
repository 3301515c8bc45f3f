package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelectionThresholdTest {

    @Test
    void paperScaleSelectsAbout36000RowsPerNode() {
        PavloDataGenerator g = PavloDataGenerator.builder().scale(Scale.paper(1)).outputDir(Path.of("unused")).build();
        SelectionThreshold st = g.selectionThreshold();
        assertThat(st.targetRows()).isEqualTo(36_000);
        assertThat(st.rankingsRows()).isEqualTo(18_000_000);
        assertThat(st.threshold()).isGreaterThan(1);
        assertThat((double) st.expectedRows()).isBetween(36_000 * 0.8, 36_000 * 1.25);
    }

    @Test
    void isTheClosestThreshold() {
        ZipfLinkCounts counts = new ZipfLinkCounts(200_000, 320_000);
        SelectionThreshold st = SelectionThreshold.choose(counts, 0.01);
        long best = Long.MAX_VALUE;
        for (long t = 1; t < 200; t++) {
            best = Math.min(best, Math.abs(counts.countAbove(t) - st.targetRows()));
        }
        assertThat(Math.abs(st.expectedRows() - st.targetRows())).isEqualTo(best);
        assertThat(counts.countAbove(st.threshold())).isEqualTo(st.expectedRows());
    }

    @Test
    void expectedCountIsExactInTheGeneratedRankings(@TempDir Path out) throws Exception {
        PavloDataGenerator g = PavloDataGenerator.builder().seed(5).scale(Scale.paperFraction(0.005, 1))
                .tables(java.util.EnumSet.of(PavloTable.RANKINGS)).outputDir(out).threads(2).build();
        SelectionThreshold st = g.generate(GenerationProgressListener.NONE).selectionThreshold().orElseThrow();
        long selected = TestFiles.lines(out.resolve("rankings")).stream()
                .mapToLong(l -> Long.parseLong(l.substring(0, l.indexOf('|'))))
                .filter(pageRank -> pageRank > st.threshold())
                .count();
        assertThat(selected).isEqualTo(st.expectedRows());
        assertThat(st).isEqualTo(g.selectionThreshold());
    }
}
