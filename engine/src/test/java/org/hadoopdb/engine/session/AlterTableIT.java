package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.EngineSession;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ALTER TABLE (RENAME TO, ADD COLUMNS, CHANGE COLUMN, SET TBLPROPERTIES), TRUNCATE TABLE and the
 * statements that show a table's definition: each change keeps the rows, queries and their pushdown
 * exact, and loads and INSERTs after it working.
 */
class AlterTableIT {
    private static final List<String> TABLES = List.of("at_items", "at_renamed", "at_copies", "at_copies2", "at_full");
    private static EngineSession db;
    private static HadoopDbEngine engine;
    private static Session session;

    @TempDir
    static Path files;
    private static Path itemFile;

    @BeforeAll
    static void start() throws Exception {
        db = EngineSession.start(2);
        engine = db.engine();
        session = db.session();
        StringBuilder items = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            items.append(i).append('|').append("item").append(i).append('|').append(i * 10).append('\n');
        }
        itemFile = Files.writeString(files.resolve("items.txt"), items.toString());
    }

    @BeforeEach
    void freshTables() {
        run("DROP VIEW IF EXISTS at_all");
        TABLES.forEach(t -> run("DROP TABLE IF EXISTS " + t));
        run("CREATE TABLE at_items (id INT, name STRING COMMENT 'the name', price INT) CLUSTERED BY (id) SORTED BY (price DESC) "
                + "INTO 4 BUCKETS ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run("LOAD DATA LOCAL INPATH '" + itemFile + "' INTO TABLE at_items");
    }

    @AfterAll
    static void stop() {
        run("DROP VIEW IF EXISTS at_all");
        TABLES.forEach(t -> run("DROP TABLE IF EXISTS " + t));
        db.close(List.of());
    }

    private static StatementResult run(String sql) {
        return db.run(sql);
    }

    private static List<String> query(String sql) {
        return db.query(sql);
    }

    @Test
    void renameKeepsTheRowsAndLoadsAndInsertsWorkAfterIt() {
        List<String> before = query("SELECT * FROM at_items");
        run("ALTER TABLE at_items RENAME TO at_renamed");
        assertThat(engine.catalog().findTable("at_items")).isEmpty();
        assertThat(query("SELECT * FROM at_renamed")).hasSize(30).containsExactlyInAnyOrderElementsOf(before);
        TableInfo renamed = engine.catalog().table("at_renamed");
        assertThat(renamed.chunks()).hasSize(4).allSatisfy(c -> {
            assertThat(c.table()).isEqualTo("at_renamed");
            assertThat(c.schema()).startsWith("t_at_renamed_g");
        });
        assertThat(query("SELECT name FROM at_renamed WHERE id = 12")).containsExactly("item12");
        assertThatThrownBy(() -> query("SELECT * FROM at_items")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("at_items");

        run("LOAD DATA LOCAL INPATH '" + itemFile + "' INTO TABLE at_renamed");
        run("INSERT INTO at_renamed VALUES (99, 'new', 5)");
        assertThat(query("SELECT COUNT(*), SUM(price) FROM at_renamed")).containsExactly("61 | " + (2 * 4650 + 5));

        run("CREATE TABLE at_copies (id INT)");
        assertThatThrownBy(() -> run("ALTER TABLE at_renamed RENAME TO at_copies")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("a table of that name exists");
    }

    @Test
    void addedColumnsReadNullInExistingRowsAndTakeNewRows() {
        run("CREATE VIEW at_all AS SELECT * FROM at_items");
        run("ALTER TABLE at_items ADD COLUMNS (note STRING COMMENT 'added', qty INT)");
        assertThat(query("DESCRIBE at_items")).containsExactly("id | int | NULL", "name | string | the name",
                "price | int | NULL", "note | string | added", "qty | int | NULL");
        assertThat(query("SELECT COUNT(*), COUNT(note), COUNT(qty) FROM at_items")).containsExactly("30 | 0 | 0");
        assertThat(query("SELECT id, note, qty FROM at_items WHERE id = 3")).containsExactly("3 | NULL | NULL");
        assertThat(query("SELECT COUNT(*) FROM at_items WHERE qty IS NULL AND price > 100")).containsExactly("20");
        // the added column is a real column of every chunk: the filter on it runs in PostgreSQL
        String sql = query("EXPLAIN SELECT id FROM at_items WHERE qty IS NULL AND price > 100").stream()
                .filter(l -> l.trim().startsWith("SQL: ")).findFirst().orElseThrow();
        assertThat(sql).contains("\"qty\" IS NULL").contains("100");
        assertThat(engine.catalog().table("at_items").stats().column("qty")).hasValueSatisfying(cs ->
                assertThat(cs.nullFraction()).isEqualTo(1.0));

        run("INSERT INTO at_items VALUES (31, 'item31', 310, 'inserted', 7)");
        Path more = files.resolve("more.txt");
        writeQuietly(more, "32|item32|320|loaded|8\n33|item33|330|\\N|\\N\n");
        run("LOAD DATA LOCAL INPATH '" + more + "' INTO TABLE at_items");
        assertThat(query("SELECT id, note, qty FROM at_items WHERE id > 30 ORDER BY id"))
                .containsExactly("31 | inserted | 7", "32 | loaded | 8", "33 | NULL | NULL");
        assertThat(query("SELECT SUM(qty) FROM at_items WHERE note IS NOT NULL")).containsExactly("15");
        // a SELECT * view keeps the columns it was created with
        assertThat(query("SHOW COLUMNS IN at_all")).containsExactly("id", "name", "price");
        assertThat(query("SELECT COUNT(*) FROM at_all WHERE price >= 300")).containsExactly("4");

        assertThatThrownBy(() -> run("ALTER TABLE at_items ADD COLUMNS (price INT)")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("already has a column 'price'");
    }

    @Test
    void changeColumnRenamesAndComments() {
        run("ALTER TABLE at_items CHANGE COLUMN id item_id INT COMMENT 'the key'");
        run("ALTER TABLE at_items CHANGE price cost INT");
        TableInfo t = engine.catalog().table("at_items");
        assertThat(t.columnNames()).containsExactly("item_id", "name", "cost");
        assertThat(t.partitionKeys()).containsExactly("item_id");
        assertThat(t.sortColumns()).containsExactly("cost");
        assertThat(t.property("hadoopdb.sort.descending")).contains("cost");
        assertThat(query("SELECT name, cost FROM at_items WHERE item_id = 7")).containsExactly("item7 | 70");
        String explain = String.join("\n", query("EXPLAIN SELECT name FROM at_items WHERE item_id = 7"));
        assertThat(explain).contains("chunk ").doesNotContain("all chunks");
        assertThat(query("DESCRIBE at_items")).containsExactly("item_id | int | the key", "name | string | the name",
                "cost | int | NULL");

        long generation = t.generation();
        run("ALTER TABLE at_items CHANGE name name STRING COMMENT 'only the comment'");
        TableInfo commented = engine.catalog().table("at_items");
        assertThat(commented.generation()).as("a comment changes the catalog only").isEqualTo(generation);
        assertThat(commented.column("name").comment()).isEqualTo("only the comment");

        assertThatThrownBy(() -> run("ALTER TABLE at_items CHANGE cost cost BIGINT")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Cannot change the type of column 'cost'").hasMessageContaining("int to bigint");
        assertThatThrownBy(() -> run("ALTER TABLE at_items CHANGE cost name INT")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("already has a column 'name'");
        run("INSERT INTO at_items SELECT item_id + 100, name, cost FROM at_items WHERE item_id <= 2");
        assertThat(query("SELECT COUNT(*) FROM at_items")).containsExactly("32");
    }

    @Test
    void tablePropertiesAreSetAndShown() {
        run("ALTER TABLE at_items SET TBLPROPERTIES ('owner'='sales', 'comment'='items on sale')");
        assertThat(query("SHOW TBLPROPERTIES at_items ('owner')")).containsExactly("sales");
        assertThat(query("SHOW TBLPROPERTIES at_items ('missing')")).containsExactly("Table at_items does not have property: missing");
        assertThat(query("SHOW TBLPROPERTIES at_items")).contains("owner | sales", "comment | items on sale",
                "field.delim | |", "hadoopdb.distribution | hash");
        assertThatThrownBy(() -> run("ALTER TABLE at_items SET TBLPROPERTIES ('hadoopdb.distribution'='random')"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("hadoopdb.distribution");
        assertThat(query("SELECT COUNT(*) FROM at_items")).containsExactly("30");
    }

    @Test
    void truncateEmptiesTheTableAtomicallyAndLoadsRefillIt() {
        try (ResultStream open = ((StatementResult.Rows) run("SELECT id FROM at_items")).rows()) {
            run("TRUNCATE TABLE at_items");
            // a query planned before the truncation reads the rows it was planned on
            int n = 0;
            while (open.next()) {
                n++;
            }
            assertThat(n).isEqualTo(30);
        }
        assertThat(query("SELECT COUNT(*) FROM at_items")).containsExactly("0");
        assertThat(engine.catalog().table("at_items").chunks()).isEmpty();
        assertThat(query("DESCRIBE FORMATTED at_items")).contains(" | numRows | 0", "(none) | the table is empty | NULL");
        run("LOAD DATA LOCAL INPATH '" + itemFile + "' INTO TABLE at_items");
        assertThat(query("SELECT COUNT(*), SUM(price) FROM at_items")).containsExactly("30 | 4650");
        run("TRUNCATE at_items");
        run("INSERT INTO at_items VALUES (1, 'one', 1)");
        assertThat(query("SELECT * FROM at_items")).containsExactly("1 | one | 1");
    }

    @Test
    void showCreateTablePrintsDdlThatRecreatesAnEqualTable() {
        run("CREATE TABLE at_full (k STRING COMMENT 'key \\'quoted\\'', d DATE, amount DECIMAL(10,2), flag BOOLEAN) "
                + "COMMENT 'every clause' CLUSTERED BY (k) SORTED BY (d DESC, amount) INTO 6 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t' NULL DEFINED AS 'nil' "
                + "TBLPROPERTIES ('hadoopdb.replication'='1', 'custom'='x')");
        run("CREATE TABLE at_copies (a INT, b STRING) TBLPROPERTIES ('hadoopdb.distribution'='replicated')");
        for (String table : List.of("at_full", "at_copies", "at_items")) {
            TableInfo before = engine.catalog().table(table);
            String ddl = String.join("\n", query("SHOW CREATE TABLE " + table));
            assertThat(ddl).startsWith("CREATE TABLE `" + table + "` (");
            run("DROP TABLE " + table);
            run(ddl);
            TableInfo after = engine.catalog().table(table);
            assertThat(after.columns()).as(ddl).isEqualTo(before.columns());
            assertThat(after.distribution()).isEqualTo(before.distribution());
            assertThat(after.scheme()).isEqualTo(before.scheme());
            assertThat(after.partitionKeys()).isEqualTo(before.partitionKeys());
            assertThat(after.sortColumns()).isEqualTo(before.sortColumns());
            assertThat(after.indexColumns()).isEqualTo(before.indexColumns());
            // the order of properties carries no meaning (CREATE TABLE stores the text format's first)
            assertThat(after.properties()).as(ddl).containsExactlyInAnyOrderElementsOf(before.properties());
        }
        assertThat(query("SHOW CREATE TABLE at_full")).contains("COMMENT 'every clause'",
                "CLUSTERED BY (`k`) SORTED BY (`d` DESC, `amount`) INTO 6 BUCKETS");
    }

    @Test
    void describeFormattedFollowsHivesLayout() {
        List<String> lines = query("DESCRIBE FORMATTED at_items");
        assertThat(lines.subList(0, 4)).containsExactly("# col_name | data_type | comment", "id | int | NULL",
                "name | string | the name", "price | int | NULL");
        assertThat(lines).contains("# Detailed Table Information | NULL | NULL", "Database: | default | NULL",
                "Table Type: | MANAGED_TABLE | NULL", "Table Parameters: | NULL | NULL", " | field.delim | |",
                " | numRows | 30", "# Partitioning | NULL | NULL", "Distribution: | HASH | NULL", "Partition key: | id | NULL",
                "# Chunks | NULL | NULL");
        TableInfo t = engine.catalog().table("at_items");
        for (ChunkInfo c : t.chunks()) {
            assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("chunk " + c.index() + " | " + c.schema() + ".at_items | primary "
                    + c.primary()));
        }
    }

    @Test
    void viewsAndMissingTablesAreRefusedByTableStatements() {
        run("CREATE VIEW at_all AS SELECT * FROM at_items");
        assertThatThrownBy(() -> run("ALTER TABLE at_all ADD COLUMNS (x INT)")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("is a view").hasMessageContaining("ALTER VIEW");
        assertThatThrownBy(() -> run("TRUNCATE TABLE at_all")).isInstanceOf(SemanticException.class).hasMessageContaining("is a view");
        assertThatThrownBy(() -> run("ALTER TABLE at_nothing RENAME TO at_other")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Table 'at_nothing' does not exist");
        assertThatThrownBy(() -> run("ALTER TABLE at_items RENAME TO at_all")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("a view of that name exists");
    }

    @Test
    void aReplicatedTableIsRenamedAndGainsAColumnOnEveryNode() {
        Path file = files.resolve("codes.txt");
        writeQuietly(file, "a|1\nb|2\n");
        run("CREATE TABLE at_copies (code STRING, n INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' "
                + "TBLPROPERTIES ('hadoopdb.distribution'='replicated')");
        run("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE at_copies");
        run("ALTER TABLE at_copies RENAME TO at_copies2");
        run("ALTER TABLE at_copies2 ADD COLUMNS (extra DOUBLE)");
        assertThat(engine.catalog().table("at_copies2").chunks()).hasSize(engine.catalog().nodes().size());
        // joined with a hashed table, the replicated table is read on every node: every copy must have the column
        assertThat(query("SELECT i.id, c.code, c.extra FROM at_items i JOIN at_copies2 c ON i.id = c.n ORDER BY i.id"))
                .containsExactly("1 | a | NULL", "2 | b | NULL");
    }

    @Test
    void analyzeRecomputesTheStatisticsALoadComputesFromTheChunks() throws Exception {
        TableInfo loaded = engine.catalog().table("at_items");
        run("ANALYZE TABLE at_items COMPUTE STATISTICS FOR COLUMNS");
        TableInfo analyzed = engine.catalog().table("at_items");
        // on the same rows, the chunks' aggregates give what the load gathered while parsing
        assertThat(analyzed.stats().rows()).isEqualTo(loaded.stats().rows()).isEqualTo(30);
        assertThat(analyzed.stats().columns()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("avgWidth", "distinct")
                .containsExactlyElementsOf(loaded.stats().columns());
        assertThat(analyzed.generation()).isEqualTo(loaded.generation());

        // rows changed behind HadoopDB's back (on every copy) are what ANALYZE then reports
        for (ChunkInfo chunk : analyzed.chunks()) {
            for (String node : chunk.nodes()) {
                try (java.sql.Connection c = TestClusters.connect(engine.catalog().node(node));
                     java.sql.Statement st = c.createStatement()) {
                    st.executeUpdate("DELETE FROM " + chunk.qualifiedName() + " WHERE id > 20 OR id = 1");
                }
            }
        }
        assertThat(run("ANALYZE TABLE at_items COMPUTE STATISTICS")).isInstanceOfSatisfying(StatementResult.Done.class,
                d -> assertThat(d.message()).startsWith("Analyzed table at_items: 19 rows, "));
        TableInfo after = engine.catalog().table("at_items");
        assertThat(after.stats().rows()).isEqualTo(19);
        assertThat(after.stats().column("price")).hasValueSatisfying(c -> {
            assertThat(c.min()).isEqualTo("20");
            assertThat(c.max()).isEqualTo("200");
            assertThat(c.nullFraction()).isZero();
        });
        // strings in code point order, as the chunks compare them
        assertThat(after.stats().column("name")).hasValueSatisfying(c -> {
            assertThat(c.min()).isEqualTo("item10");
            assertThat(c.max()).isEqualTo("item9");
        });
        assertThat(query("DESCRIBE FORMATTED at_items")).contains(" | numRows | 19");
        assertThatThrownBy(() -> run("ANALYZE TABLE at_items COMPUTE STATISTICS FOR COLUMNS id, nosuch"))
                .isInstanceOf(SemanticException.class).hasMessage("Table 'at_items' has no column 'nosuch'");
        assertThatThrownBy(() -> run("ANALYZE TABLE at_nosuch COMPUTE STATISTICS")).isInstanceOf(SemanticException.class)
                .hasMessageStartingWith("Table 'at_nosuch' does not exist");
    }

    private static void writeQuietly(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
