package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same seed and scale give the same bytes, whatever the threads and the part size. */
class DeterminismTest {

    private static final List<String> DIRECTORIES =
            List.of("grep", "rankings", "uservisits", "documents", "documents-hadoop");
    private static final Scale SCALE = Scale.paperFraction(0.0005, 1).withRows(PavloTable.GREP, 25_000);

    @TempDir
    static Path root;

    @BeforeAll
    static void generateThreeTimes() throws Exception {
        generate(root.resolve("one-thread"), 1, 7, false);
        generate(root.resolve("three-threads"), 3, 7, false);
        generate(root.resolve("other-parts"), 2, 7, true);
    }

    private static void generate(Path out, int threads, long seed, boolean smallParts) throws Exception {
        PavloDataGenerator.Builder b = PavloDataGenerator.builder().seed(seed).scale(SCALE).threads(threads).outputDir(out);
        if (smallParts) {
            b.rowsPerPart(PavloTable.GREP, 3_333).rowsPerPart(PavloTable.RANKINGS, 1_000)
                    .rowsPerPart(PavloTable.USERVISITS, 9_999).rowsPerPart(PavloTable.DOCUMENTS, 47);
        } else {
            b.rowsPerPart(PavloTable.RANKINGS, 2_500).rowsPerPart(PavloTable.USERVISITS, 20_000)
                    .rowsPerPart(PavloTable.DOCUMENTS, 100);
        }
        b.build().generate(GenerationProgressListener.NONE);
    }

    @Test
    void threadCountDoesNotChangeAnyFile() throws Exception {
        for (String dir : DIRECTORIES) {
            List<Path> one = TestFiles.parts(root.resolve("one-thread").resolve(dir));
            List<Path> three = TestFiles.parts(root.resolve("three-threads").resolve(dir));
            assertThat(three).hasSameSizeAs(one);
            for (int i = 0; i < one.size(); i++) {
                assertThat(Files.mismatch(one.get(i), three.get(i))).as("%s part %d", dir, i).isEqualTo(-1L);
            }
        }
        assertThat(Files.mismatch(root.resolve("one-thread").resolve(PavloDataGenerator.MANIFEST),
                root.resolve("three-threads").resolve(PavloDataGenerator.MANIFEST))).isEqualTo(-1L);
    }

    @Test
    void partSizeOnlyChangesWhereFilesAreCut() {
        for (String dir : DIRECTORIES) {
            assertThat(TestFiles.parts(root.resolve("other-parts").resolve(dir)).size())
                    .isGreaterThan(TestFiles.parts(root.resolve("one-thread").resolve(dir)).size());
            assertThat(TestFiles.concatenated(root.resolve("other-parts").resolve(dir)))
                    .as(dir).isEqualTo(TestFiles.concatenated(root.resolve("one-thread").resolve(dir)));
        }
    }

    @Test
    void anotherSeedGivesOtherData(@TempDir Path other) throws Exception {
        generate(other, 2, 8, false);
        for (String dir : DIRECTORIES) {
            assertThat(TestFiles.concatenated(other.resolve(dir)))
                    .as(dir).isNotEqualTo(TestFiles.concatenated(root.resolve("one-thread").resolve(dir)));
        }
    }
}
