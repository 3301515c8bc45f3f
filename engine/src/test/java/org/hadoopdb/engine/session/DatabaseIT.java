package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.EngineSession;
import org.hadoopdb.planner.SemanticException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Databases end to end: two databases each with a table {@code orders} of its own, qualified and
 * unqualified names after {@code USE}, a join of tables of two databases pushed into the chunks,
 * views that keep finding their tables where they were defined, DDL and loads into another database,
 * the SHOW and DESCRIBE statements, and {@code DROP DATABASE} with and without {@code CASCADE}.
 */
class DatabaseIT {
    private static EngineSession db;
    private static HadoopDbEngine engine;
    private static Session session;

    @TempDir
    static Path files;
    private static Path shopOrders;
    private static Path archiveOrders;

    @BeforeAll
    static void start() throws Exception {
        db = EngineSession.start(2);
        engine = db.engine();
        session = db.session();
        StringBuilder shop = new StringBuilder();
        StringBuilder archive = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            shop.append(i).append('|').append("cust").append(i % 5).append('|').append(i * 10).append('\n');
            archive.append(i).append('|').append("old").append(i % 3).append('|').append(i).append('\n');
        }
        shopOrders = Files.writeString(files.resolve("shop.txt"), shop.toString());
        archiveOrders = Files.writeString(files.resolve("archive.txt"), archive.toString());
    }

    @BeforeEach
    void fresh() {
        run("USE default");
        run("DROP DATABASE IF EXISTS db_shop CASCADE");
        run("DROP DATABASE IF EXISTS db_archive CASCADE");
        run("DROP TABLE IF EXISTS db_orders");
        run("CREATE DATABASE db_shop COMMENT 'the shop' WITH DBPROPERTIES ('owner'='ops')");
        run("CREATE DATABASE db_archive");
        String columns = "(id INT, customer STRING, amount INT) CLUSTERED BY (id) INTO 4 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'";
        run("CREATE TABLE db_shop.orders " + columns);
        run("LOAD DATA LOCAL INPATH '" + shopOrders + "' INTO TABLE db_shop.orders");
        run("USE db_archive");
        run("CREATE TABLE orders " + columns);
        run("LOAD DATA LOCAL INPATH '" + archiveOrders + "' INTO TABLE orders");
        run("USE default");
    }

    @AfterAll
    static void stop() {
        run("USE default");
        run("DROP DATABASE IF EXISTS db_shop CASCADE");
        run("DROP DATABASE IF EXISTS db_archive CASCADE");
        run("DROP TABLE IF EXISTS db_orders");
        db.close(List.of());
    }

    private static StatementResult run(String sql) {
        return db.run(sql);
    }

    private static List<String> query(String sql) {
        return db.query(sql);
    }

    @Test
    void tablesOfTheSameNameInTwoDatabasesAreTwoTables() {
        assertThat(query("SELECT COUNT(*), SUM(amount) FROM db_shop.orders")).containsExactly("30 | 4650");
        assertThat(query("SELECT COUNT(*), SUM(amount) FROM db_archive.orders")).containsExactly("30 | 465");
        run("USE db_shop");
        assertThat(session.database()).isEqualTo("db_shop");
        assertThat(query("SELECT SUM(amount) FROM orders")).containsExactly("4650");
        assertThat(query("SELECT SUM(amount) FROM db_archive.orders")).containsExactly("465");
        assertThat(query("SELECT customer, COUNT(*) FROM orders WHERE amount > 200 GROUP BY customer ORDER BY customer"))
                .containsExactly("cust0 | 2", "cust1 | 2", "cust2 | 2", "cust3 | 2", "cust4 | 2");
        assertThat(query("SELECT current_database()")).containsExactly("db_shop");
        assertThat(query("SELECT COUNT(*) FROM orders WHERE concat('db_', 'shop') = current_database()")).containsExactly("30");
        run("USE DB_ARCHIVE");
        assertThat(query("SELECT SUM(amount) FROM orders")).containsExactly("465");
        assertThat(query("SELECT current_database()")).containsExactly("db_archive");
        run("USE default");
        assertThatThrownBy(() -> query("SELECT * FROM orders")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("not found");
    }

    @Test
    void aJoinOfCoLocatedTablesOfTwoDatabasesRunsInsideTheChunks() throws SQLException {
        String join = "SELECT s.id, s.customer, a.customer FROM db_shop.orders s JOIN db_archive.orders a ON s.id = a.id "
                + "WHERE s.id IN (3, 4, 29)";
        String explain = String.join("\n", query("EXPLAIN " + join));
        String sql = explain.lines().filter(l -> l.trim().startsWith("SQL: ")).findFirst().orElseThrow();
        assertThat(sql).contains("\"db_shop.orders\"").contains("\"db_archive.orders\"").contains("JOIN");
        assertThat(query(join)).containsExactlyInAnyOrder("3 | cust3 | old0", "4 | cust4 | old1", "29 | cust4 | old2");
        // the chunks' tables carry the database in their names, so two tables "orders" can share a chunk statement
        List<String> tables = chunkTables(engine.catalog().table("db_shop.orders").chunks().get(0));
        assertThat(tables).containsExactly("db_shop.orders");
    }

    @Test
    void aViewFindsItsTablesWhereItWasDefined() {
        run("USE db_archive");
        run("CREATE VIEW big AS SELECT id, amount FROM orders WHERE amount > 25");
        run("CREATE VIEW db_shop.from_archive AS SELECT COUNT(*) AS n FROM orders"); // orders of db_archive, the current one
        run("USE db_shop");
        assertThat(query("SELECT COUNT(*) FROM db_archive.big")).containsExactly("5");
        assertThat(query("SELECT n FROM from_archive")).containsExactly("30");
        assertThat(query("SHOW VIEWS")).containsExactly("from_archive");
        assertThat(query("SHOW VIEWS IN db_archive")).containsExactly("big");
        run("ALTER VIEW from_archive RENAME TO db_archive.moved");
        assertThat(query("SELECT n FROM db_archive.moved")).containsExactly("30");
        assertThat(query("SHOW TABLES IN db_archive")).containsExactly("big", "moved", "orders");
    }

    @Test
    void ddlLoadsAndInsertsReachOtherDatabases() throws Exception {
        run("CREATE TABLE db_shop.totals AS SELECT customer, SUM(amount) AS total FROM db_shop.orders GROUP BY customer");
        assertThat(query("SELECT total FROM db_shop.totals WHERE customer = 'cust0'")).containsExactly("1050");
        run("INSERT INTO db_shop.totals SELECT customer, SUM(amount) FROM db_archive.orders GROUP BY customer");
        assertThat(query("SELECT COUNT(*) FROM db_shop.totals")).containsExactly("8");
        run("ALTER TABLE db_shop.totals ADD COLUMNS (note STRING)");
        assertThat(query("SHOW COLUMNS IN db_shop.totals")).containsExactly("customer", "total", "note");
        run("ALTER TABLE db_shop.totals RENAME TO db_orders"); // into default
        assertThat(query("SELECT COUNT(*) FROM default.db_orders")).containsExactly("8");
        assertThat(query("SHOW TABLES IN db_shop")).containsExactly("orders");
        run("TRUNCATE TABLE db_archive.orders");
        assertThat(query("SELECT COUNT(*) FROM db_archive.orders")).containsExactly("0");

        // SHOW CREATE TABLE prints a statement that recreates the table in its database
        List<String> ddl = query("SHOW CREATE TABLE db_shop.orders");
        assertThat(ddl.get(0)).isEqualTo("CREATE TABLE `db_shop`.`orders` (");
        run("DROP TABLE db_shop.orders");
        run(String.join("\n", ddl));
        assertThat(engine.catalog().findTable("db_shop.orders")).isPresent();
        assertThat(query("DESCRIBE FORMATTED db_shop.orders")).contains("Database: | db_shop | NULL");
    }

    @Test
    void databasesAreListedAndDescribed() {
        assertThat(query("SHOW DATABASES")).contains("db_archive", "db_shop", "default");
        assertThat(query("SHOW SCHEMAS LIKE 'db_s*'")).containsExactly("db_shop");
        assertThat(query("DESCRIBE DATABASE EXTENDED db_shop")).containsExactly("db_shop | the shop | NULL | NULL | NULL | {owner=ops}");
        assertThat(query("DESCRIBE DATABASE db_archive")).containsExactly("db_archive | NULL | NULL | NULL | NULL | NULL");
        assertThat(query("SHOW TABLES IN db_shop")).containsExactly("orders");
        assertThatThrownBy(() -> run("CREATE DATABASE db_shop")).isInstanceOf(SemanticException.class)
                .hasMessage("Database 'db_shop' already exists (use IF NOT EXISTS)");
        run("CREATE DATABASE IF NOT EXISTS db_shop");
    }

    @Test
    void wrongDatabasesAreNamedInTheError() {
        assertThatThrownBy(() -> run("USE db_shp")).isInstanceOf(SemanticException.class)
                .hasMessage("Database 'db_shp' does not exist (did you mean 'db_shop'?)");
        assertThatThrownBy(() -> run("CREATE TABLE nodb.t (a INT)")).isInstanceOf(SemanticException.class)
                .hasMessageStartingWith("Database 'nodb' does not exist");
        assertThatThrownBy(() -> query("SELECT * FROM nodb.t")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("nodb");
        assertThatThrownBy(() -> run("DROP DATABASE default")).isInstanceOf(SemanticException.class)
                .hasMessage("The database 'default' cannot be dropped");
        assertThatThrownBy(() -> run("DROP DATABASE nodb")).isInstanceOf(SemanticException.class)
                .hasMessage("Database 'nodb' does not exist");
        run("DROP DATABASE IF EXISTS nodb");
    }

    @Test
    void dropDatabaseRemovesItsTablesOnlyWithCascade() {
        run("CREATE VIEW db_shop.v AS SELECT id FROM db_shop.orders");
        assertThatThrownBy(() -> run("DROP DATABASE db_shop")).isInstanceOf(SemanticException.class)
                .hasMessage("Database 'db_shop' is not empty: it has 1 table(s) and 1 view(s); drop them first, "
                        + "or use DROP DATABASE db_shop CASCADE");
        run("USE db_shop");
        assertThatThrownBy(() -> run("DROP DATABASE db_shop CASCADE")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("this session's current database");
        run("USE default");
        run("DROP DATABASE db_shop CASCADE");
        assertThat(engine.catalog().findDatabase("db_shop")).isEmpty();
        assertThat(engine.catalog().findTable("db_shop.orders")).isEmpty();
        assertThat(engine.catalog().findView("db_shop.v")).isEmpty();
        assertThatThrownBy(() -> query("SELECT * FROM db_shop.orders")).isInstanceOf(SemanticException.class);
        assertThat(query("SELECT COUNT(*) FROM db_archive.orders")).containsExactly("30");
    }

    /** The tables in a chunk's schema on its primary node. */
    private static List<String> chunkTables(ChunkInfo chunk) throws SQLException {
        NodeInfo node = engine.catalog().node(chunk.primary());
        List<String> out = new ArrayList<>();
        try (Connection c = TestClusters.connect(node); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = '"
                     + chunk.schema().replace("'", "''") + "' ORDER BY 1")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
