package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.planner.SemanticException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views end to end: created, validated, queried (a query through a view answers what the query on
 * its definition answers), pushed into the chunks through the view, described, altered, renamed and
 * dropped, and the errors when a view's definition stops planning.
 */
class ViewIT {
    private static HadoopDbEngine engine;
    private static Session session;
    private static Differential rows;

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of());
        rows = new Differential(session, engine, engine.catalog().nodes().get(0), "unused", 9);
        dropAll();
        StringBuilder items = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            items.append(i).append('|').append("item").append(i).append('|').append(i % 4).append('|')
                    .append(i % 7 == 0 ? "\\N" : Integer.toString(i * 10)).append('\n');
        }
        Path itemFile = Files.writeString(files.resolve("items.txt"), items.toString());
        Path groupFile = Files.writeString(files.resolve("groups.txt"), "0|zero\n1|one\n2|two\n3|three\n");
        run("CREATE TABLE vw_items (id INT, name STRING, grp INT, price INT) CLUSTERED BY (id) INTO 4 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run("CREATE TABLE vw_groups (grp INT, label STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' "
                + "TBLPROPERTIES ('hadoopdb.distribution'='replicated')");
        run("LOAD DATA LOCAL INPATH '" + itemFile + "' INTO TABLE vw_items");
        run("LOAD DATA LOCAL INPATH '" + groupFile + "' INTO TABLE vw_groups");
    }

    @AfterAll
    static void stop() {
        dropAll();
        session.close();
        engine.close();
    }

    private static void dropAll() {
        for (String v : List.of("vw_priced", "vw_cheap", "vw_labelled", "vw_sums", "vw_a", "vw_b", "vw_renamed", "vw_gone",
                "vw_over_gone", "vw_round")) {
            run("DROP VIEW IF EXISTS " + v);
        }
        for (String t : List.of("vw_items", "vw_groups", "vw_doomed")) {
            run("DROP TABLE IF EXISTS " + t);
        }
    }

    private static StatementResult run(String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    private static List<String> query(String sql) {
        return rows.hadoopDb(sql);
    }

    @Test
    void aQueryThroughAViewAnswersWhatTheQueryOnItsDefinitionAnswers() {
        String priced = "SELECT id, name, grp, price * 2 AS double_price FROM vw_items WHERE price IS NOT NULL";
        String labelled = "SELECT i.id, i.name, g.label FROM vw_items i JOIN vw_groups g ON i.grp = g.grp";
        String sums = "SELECT grp, COUNT(*) AS n, SUM(price) AS total FROM vw_items GROUP BY grp";
        run("CREATE VIEW vw_priced AS " + priced);
        run("CREATE VIEW vw_labelled (item_id, item_name COMMENT 'the name', label) AS " + labelled);
        run("CREATE VIEW vw_sums AS " + sums);
        run("CREATE VIEW vw_cheap AS SELECT id, double_price FROM vw_priced WHERE double_price < 300");

        List<String[]> pairs = List.of(
                new String[] {"SELECT * FROM vw_priced", priced},
                new String[] {"SELECT name FROM vw_priced WHERE double_price > 500 AND grp = 1",
                        "SELECT name FROM (" + priced + ") q WHERE double_price > 500 AND grp = 1"},
                new String[] {"SELECT item_name, label FROM vw_labelled WHERE item_id BETWEEN 3 AND 9",
                        "SELECT name, label FROM (" + labelled + ") q WHERE id BETWEEN 3 AND 9"},
                new String[] {"SELECT grp, n, total FROM vw_sums WHERE n > 5", "SELECT grp, n, total FROM (" + sums + ") q WHERE n > 5"},
                new String[] {"SELECT s.grp, s.total, g.label FROM vw_sums s JOIN vw_groups g ON s.grp = g.grp",
                        "SELECT s.grp, s.total, g.label FROM (" + sums + ") s JOIN vw_groups g ON s.grp = g.grp"},
                new String[] {"SELECT COUNT(*), MAX(double_price) FROM vw_cheap",
                        "SELECT COUNT(*), MAX(double_price) FROM (SELECT id, double_price FROM (" + priced
                                + ") p WHERE double_price < 300) q"},
                new String[] {"SELECT id FROM vw_priced ORDER BY double_price DESC LIMIT 3",
                        "SELECT id FROM (" + priced + ") q ORDER BY double_price DESC LIMIT 3"});
        for (String[] pair : pairs) {
            List<String> throughView = query(pair[0]);
            assertThat(throughView).as(pair[0]).isNotEmpty().containsExactlyInAnyOrderElementsOf(query(pair[1]));
        }
        // and the answers themselves: items 1..40 with a price (every 7th has none), doubled
        assertThat(query("SELECT COUNT(*), SUM(double_price) FROM vw_priced")).containsExactly("35 | " + (2 * 10 * (820 - 7 * 15)));
        assertThat(query("SELECT item_name, label FROM vw_labelled WHERE item_id = 6")).containsExactly("item6 | two");
        assertThat(query("SELECT id FROM vw_cheap ORDER BY id")).containsExactly("1", "2", "3", "4", "5", "6", "8", "9",
                "10", "11", "12", "13");
    }

    @Test
    void aFilterOnAViewIsPushedIntoTheChunksAndPrunesThem() {
        run("CREATE OR REPLACE VIEW vw_a AS SELECT id, name, price FROM vw_items");
        run("CREATE OR REPLACE VIEW vw_b AS SELECT id, name FROM vw_a WHERE price > 100");
        String explain = String.join("\n", query("EXPLAIN SELECT name FROM vw_b WHERE id = 17"));
        assertThat(explain).contains("NO MAPREDUCE JOB").contains("chunk ").doesNotContain("all chunks");
        String sql = explain.lines().filter(l -> l.trim().startsWith("SQL: ")).findFirst().orElseThrow();
        assertThat(sql).contains("WHERE").contains("17").contains("100").contains("vw_items");
        assertThat(query("SELECT name FROM vw_b WHERE id = 17")).containsExactly("item17");
    }

    @Test
    void viewsAreListedDescribedAndPrintedAsDdlThatRecreatesThem() {
        run("CREATE OR REPLACE VIEW vw_round (the_id COMMENT 'an id', the_name) COMMENT 'it\\'s a view' AS "
                + "SELECT id, upper(name) FROM vw_items WHERE grp = 2");
        assertThat(query("SHOW VIEWS LIKE 'vw_r*'")).containsExactly("vw_round");
        assertThat(query("SHOW TABLES LIKE 'vw_*'")).contains("vw_items", "vw_round");
        assertThat(query("SHOW VIEWS")).contains("vw_round").doesNotContain("vw_items");
        assertThat(query("SHOW COLUMNS IN vw_round")).containsExactly("the_id", "the_name");
        assertThat(query("DESCRIBE vw_round")).containsExactly("the_id | int | an id", "the_name | string | NULL");
        List<String> formatted = query("DESCRIBE FORMATTED vw_round");
        assertThat(formatted).contains("# col_name | data_type | comment", "Table Type: | VIRTUAL_VIEW | NULL",
                "View Original Text: | SELECT id, upper(name) FROM vw_items WHERE grp = 2 | NULL");

        ViewInfo before = engine.catalog().view("vw_round");
        String ddl = String.join("\n", query("SHOW CREATE TABLE vw_round"));
        run("DROP VIEW vw_round");
        assertThat(engine.catalog().findView("vw_round")).isEmpty();
        run(ddl);
        assertThat(engine.catalog().view("vw_round")).isEqualTo(before);
        assertThat(query("SELECT the_name FROM vw_round WHERE the_id = 6")).containsExactly("ITEM6");
    }

    @Test
    void alterRenameAndDropAView() {
        run("CREATE OR REPLACE VIEW vw_a AS SELECT id FROM vw_items WHERE id < 3");
        assertThat(query("SELECT * FROM vw_a ORDER BY id")).containsExactly("1", "2");
        run("ALTER VIEW vw_a AS SELECT id, name FROM vw_items WHERE id > 38");
        assertThat(query("SELECT name FROM vw_a ORDER BY id")).containsExactly("item39", "item40");
        assertThat(query("SHOW COLUMNS FROM vw_a")).containsExactly("id", "name");
        run("ALTER VIEW vw_a RENAME TO vw_renamed");
        assertThat(query("SELECT COUNT(*) FROM vw_renamed")).containsExactly("2");
        assertThatThrownBy(() -> query("SELECT * FROM vw_a")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("vw_a");
        assertThat(run("CREATE VIEW IF NOT EXISTS vw_renamed AS SELECT 1")).isInstanceOf(StatementResult.Done.class);
        assertThat(query("SHOW COLUMNS IN vw_renamed")).containsExactly("id", "name");
        assertThatThrownBy(() -> run("CREATE VIEW vw_renamed AS SELECT 1")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("View 'vw_renamed' already exists");
        run("DROP VIEW vw_renamed");
        assertThat(query("SHOW VIEWS LIKE 'vw_renamed'")).isEmpty();
        assertThat(run("DROP VIEW IF EXISTS vw_renamed")).isInstanceOf(StatementResult.Done.class);
    }

    @Test
    void definitionsAreCheckedWhenTheViewIsCreated() {
        assertThatThrownBy(() -> run("CREATE VIEW vw_gone AS SELECT * FROM no_such_table"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("no_such_table");
        assertThatThrownBy(() -> run("CREATE VIEW vw_gone AS SELECT no_such_column FROM vw_items"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("no_such_column");
        assertThatThrownBy(() -> run("CREATE VIEW vw_gone (a, b) AS SELECT id FROM vw_items"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("declares 2 column(s) but its query returns 1");
        assertThatThrownBy(() -> run("CREATE VIEW vw_items AS SELECT 1")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("a table of that name exists");
        assertThat(engine.catalog().findView("vw_gone")).isEmpty();

        run("CREATE OR REPLACE VIEW vw_a AS SELECT id FROM vw_items");
        run("CREATE OR REPLACE VIEW vw_b AS SELECT id FROM vw_a");
        assertThatThrownBy(() -> run("CREATE OR REPLACE VIEW vw_a AS SELECT id FROM vw_b"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("refers to itself");
        assertThat(query("SELECT COUNT(*) FROM vw_b")).containsExactly("40");

        assertThatThrownBy(() -> run("DROP TABLE vw_a")).isInstanceOf(SemanticException.class).hasMessageContaining("use DROP VIEW");
        assertThatThrownBy(() -> run("DROP VIEW vw_items")).isInstanceOf(SemanticException.class).hasMessageContaining("use DROP TABLE");
        assertThatThrownBy(() -> run("INSERT INTO vw_a SELECT 1")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("it is a view");
    }

    @Test
    void aViewOverADroppedTableFailsNamingBoth() {
        run("CREATE TABLE vw_doomed (x INT)");
        run("CREATE VIEW vw_gone AS SELECT x FROM vw_doomed");
        run("CREATE VIEW vw_over_gone AS SELECT x + 1 AS y FROM vw_gone");
        assertThat(query("SELECT * FROM vw_over_gone")).isEmpty();
        run("DROP TABLE vw_doomed");
        assertThatThrownBy(() -> query("SELECT * FROM vw_over_gone")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("View 'vw_gone'").hasMessageContaining("'vw_doomed'").hasMessageContaining("does not exist");
        assertThatThrownBy(() -> query("SELECT * FROM vw_gone")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("View 'vw_gone'").hasMessageContaining("'vw_doomed'");
        assertThat(query("DESCRIBE vw_gone")).containsExactly("x | int | NULL");
    }
}
