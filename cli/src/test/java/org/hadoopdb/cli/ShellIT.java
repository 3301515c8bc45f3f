package org.hadoopdb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hadoopdb -e} and {@code -f} as scripts use them: rows on stdout, the rest on stderr, exit codes. */
class ShellIT {
    @TempDir
    static Path home;
    @TempDir
    static Path files;

    record Result(int exit, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--home", home.toString(), "-Dhadoopdb.embedded.nodes=2",
                "-Dhadoopdb.embedded.shared-buffers=32MB"));
        all.addAll(List.of(args));
        int exit = Main.run(all.toArray(new String[0]), new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Result(exit, out.toString(), err.toString());
    }

    @BeforeAll
    static void createAndLoad() throws IOException {
        Path data = Files.writeString(files.resolve("people.txt"), "1|ann|3.5\n2|bob|\\N\n3|cy|1.25\n");
        Result r = run("-e", "CREATE TABLE people (id INT, name STRING, score DOUBLE) CLUSTERED BY (id) INTO 2 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|';\nLOAD DATA LOCAL INPATH '" + data + "' INTO TABLE people;");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("Created table people").contains("Loaded 3 rows into people");
    }

    @Test
    void rowsAreTabSeparatedOnStdoutWithNullSpelledOut() {
        Result r = run("-e", "SELECT id, name, score FROM people ORDER BY id");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("1\tann\t3.5\n2\tbob\tNULL\n3\tcy\t1.25\n");
        assertThat(r.err()).contains("Fetched: 3 row(s)");
    }

    @Test
    void headerAndSilentAndScriptFiles() throws IOException {
        Path script = Files.writeString(files.resolve("q.hql"), "-- counts\nSELECT COUNT(*) AS n\nFROM people;\n"
                + "SELECT name FROM people WHERE id = 2;\n");
        Result r = run("-f", script.toString(), "--header", "-S");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("n\n3\nname\nbob\n");
        assertThat(r.err()).doesNotContain("Time taken");
    }

    @Test
    void viewsAlterTableAndTruncateRunInScripts() throws IOException {
        Path data = Files.writeString(files.resolve("owners.txt"), "1|ann\n2|bob\n");
        Path script = Files.writeString(files.resolve("ddl.hql"), "CREATE TABLE owners (id INT, name STRING) "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|';\n"
                + "LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE owners;\n"
                + "CREATE VIEW owner_names AS SELECT name FROM owners WHERE id > 1;\n"
                + "ALTER TABLE owners ADD COLUMNS (age INT COMMENT 'years');\n"
                + "SELECT name, age FROM owners ORDER BY id;\n"
                + "SELECT * FROM owner_names;\n"
                + "SHOW COLUMNS IN owners;\n"
                + "DROP VIEW owner_names;\n"
                + "TRUNCATE TABLE owners;\n"
                + "SELECT COUNT(*) FROM owners;\n"
                + "DROP TABLE owners;\n");
        Result r = run("-f", script.toString(), "-S");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("ann\tNULL\nbob\tNULL\nbob\nid\nname\nage\n0\n");
    }

    @Test
    void loadCreatesATableFromASchemaAndLoadsIt() throws IOException {
        Path data = Files.writeString(files.resolve("pets.txt"), "rex|dog\ntom|cat\n");
        Result r = run("load", "pets", data.toString(), "--schema", "name string, kind string", "--key", "name", "--delimiter", "|");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("Created table pets (hash)").contains("Loaded 2 rows into pets");
        assertThat(run("-e", "SELECT kind FROM pets WHERE name = 'tom'").out()).isEqualTo("cat\n");
        Result bad = run("load", "birds", data.toString(), "--schema", "name");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("'name' is not 'name type'");
    }

    @Test
    void theFirstFailingStatementStopsTheScriptWithExitCode1() {
        Result r = run("-e", "SELECT id FROM people WHERE id = 1; SELECT nme FROM people; SELECT 2 FROM people");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEqualTo("1\n");
        assertThat(r.err()).contains("FAILED:").contains("nme").doesNotContain("\tat ");

        Result syntax = run("-e", "SELECT id\nFROM people WHERE");
        assertThat(syntax.exit()).isEqualTo(1);
        assertThat(syntax.err()).contains("line 2");
    }
}
