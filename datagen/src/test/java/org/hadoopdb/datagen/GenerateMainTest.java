package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateMainTest {

    @Test
    void generatesTheChosenTables(@TempDir Path out) {
        int code = GenerateMain.run("--out", out.toString(), "--scale", "0.0002", "--nodes", "2", "--threads", "2",
                "--tables", "rankings,uservisits", "--rows-per-node", "uservisits=5000", "--seed", "3");
        assertThat(code).isZero();
        assertThat(TestFiles.lines(out.resolve("rankings"))).hasSize(7_200);
        assertThat(TestFiles.lines(out.resolve("uservisits"))).hasSize(10_000);
        assertThat(out.resolve("grep")).doesNotExist();
        assertThat(out.resolve(PavloDataGenerator.MANIFEST)).exists();
    }

    @Test
    void refusesToOverwriteUnlessAsked(@TempDir Path out) {
        String[] args = {"--out", out.toString(), "--scale", "0.0001", "--tables", "grep"};
        assertThat(GenerateMain.run(args)).isZero();
        assertThat(GenerateMain.run(args)).isEqualTo(1);
        String[] again = {"--out", out.toString(), "--scale", "0.0001", "--tables", "grep", "--overwrite"};
        assertThat(GenerateMain.run(again)).isZero();
        assertThat(TestFiles.parts(out.resolve("grep"))).hasSize(1);
    }

    @Test
    void neverDeletesFilesItDidNotWrite(@TempDir Path out) throws Exception {
        Files.createDirectories(out.resolve("grep"));
        Files.writeString(out.resolve("grep").resolve("notes.txt"), "mine");
        assertThat(GenerateMain.run("--out", out.toString(), "--scale", "0.0001", "--tables", "grep", "--overwrite"))
                .isEqualTo(1);
        assertThat(out.resolve("grep").resolve("notes.txt")).exists();
    }

    @Test
    void badArgumentsExitWithTwo(@TempDir Path out) {
        assertThat(GenerateMain.run("--out", out.toString(), "--scale", "huge")).isEqualTo(2);
        assertThat(GenerateMain.run("--out", out.toString(), "--tables", "nosuchtable")).isEqualTo(2);
        assertThat(GenerateMain.run("--scale", "0.01")).isEqualTo(2); // --out missing
        assertThat(GenerateMain.run("--out", out.toString(), "--scale", "0.0001",
                "--rows-per-node", "rankings=100000000")).isEqualTo(2); // too few links for that many URLs
    }

    @Test
    void dryRunWritesNothing(@TempDir Path out) {
        assertThat(GenerateMain.run("--out", out.resolve("x").toString(), "--scale", "paper", "--nodes", "10",
                "--dry-run", "--tpch-sf", "100")).isZero();
        assertThat(out.resolve("x")).doesNotExist();
    }
}
