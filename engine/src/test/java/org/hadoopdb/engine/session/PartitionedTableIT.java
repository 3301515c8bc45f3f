package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.engine.testing.EngineSession;
import org.hadoopdb.planner.SemanticException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables {@code PARTITIONED BY (…)}: LOAD DATA and INSERT into static and dynamic partitions, OVERWRITE of
 * one partition leaving the others, ADD/DROP PARTITION, TRUNCATE … PARTITION, SHOW PARTITIONS, DESCRIBE and
 * SHOW CREATE TABLE, ALTER TABLE keeping the partitions, and the errors a Hive user meets.
 */
class PartitionedTableIT {
    private static final List<String> TABLES = List.of("pt_logs", "pt_src", "pt_flat", "pt_copy");
    private static EngineSession db;
    private static HadoopDbEngine engine;
    private static Session session;

    @TempDir
    static Path files;
    private static Path nl;
    private static Path de;

    @BeforeAll
    static void start() throws Exception {
        db = EngineSession.start(2);
        engine = db.engine();
        session = db.session();
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 10; i++) {
            a.append("10.0.0.").append(i).append('|').append(i).append('\n');
            b.append("10.1.0.").append(i).append('|').append(i * 100).append('\n');
        }
        nl = Files.writeString(files.resolve("nl.txt"), a.toString());
        de = Files.writeString(files.resolve("de.txt"), b.toString());
    }

    @BeforeEach
    void freshTables() {
        TABLES.forEach(t -> run("DROP TABLE IF EXISTS " + t));
        run("CREATE TABLE pt_logs (ip STRING, hits INT) PARTITIONED BY (dt DATE, country STRING COMMENT 'iso code')"
                + " CLUSTERED BY (ip) INTO 4 BUCKETS ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run("LOAD DATA LOCAL INPATH '" + nl + "' INTO TABLE pt_logs PARTITION (dt='2020-01-01', country='nl')");
        run("LOAD DATA LOCAL INPATH '" + de + "' INTO TABLE pt_logs PARTITION (country='de', dt='2020-01-02')");
    }

    @AfterAll
    static void stop() {
        db.close(TABLES);
    }

    private static StatementResult run(String sql) {
        return db.run(sql);
    }

    private static List<String> query(String sql) {
        return db.query(sql);
    }

    private static List<String> perPartition() {
        return query("SELECT dt, country, count(*), sum(hits) FROM pt_logs GROUP BY dt, country ORDER BY dt, country");
    }

    @Test
    void loadedPartitionsAreColumnsOfTheRowsAndListed() {
        assertThat(query("SHOW PARTITIONS pt_logs")).containsExactly("dt=2020-01-01/country=nl", "dt=2020-01-02/country=de");
        assertThat(query("SHOW PARTITIONS pt_logs PARTITION (country='de')")).containsExactly("dt=2020-01-02/country=de");
        assertThat(perPartition()).containsExactly("2020-01-01 | nl | 10 | 55", "2020-01-02 | de | 10 | 5500");
        assertThat(query("SELECT * FROM pt_logs WHERE dt = '2020-01-01' AND hits = 3")).containsExactly("10.0.0.3 | 3 | 2020-01-01 | nl");
        assertThat(engine.catalog().table("pt_logs").indexColumns()).contains("dt", "country");
        assertThat(query("DESCRIBE pt_logs")).containsExactly("ip | string | NULL", "hits | int | NULL", "dt | date | NULL",
                "country | string | iso code", " | NULL | NULL", "# Partition Information | NULL | NULL",
                "# col_name | data_type | comment", "dt | date | NULL", "country | string | iso code");
    }

    @Test
    void insertOverwriteOfOnePartitionLeavesTheOthers() {
        run("INSERT OVERWRITE TABLE pt_logs PARTITION (dt='2020-01-01', country='nl')"
                + " SELECT ip, hits * 2 FROM pt_logs WHERE country = 'nl' AND hits <= 5");
        assertThat(perPartition()).containsExactly("2020-01-01 | nl | 5 | 30", "2020-01-02 | de | 10 | 5500");
        run("INSERT INTO pt_logs PARTITION (dt='2020-01-01', country='nl') VALUES ('10.9.9.9', 1000)");
        assertThat(perPartition()).containsExactly("2020-01-01 | nl | 6 | 1030", "2020-01-02 | de | 10 | 5500");
        // a static partition is written even when the query returns nothing: it exists, empty
        run("INSERT OVERWRITE TABLE pt_logs PARTITION (dt='2020-01-03', country='fr') SELECT ip, hits FROM pt_logs WHERE hits < 0");
        assertThat(query("SHOW PARTITIONS pt_logs")).contains("dt=2020-01-03/country=fr");
    }

    @Test
    void dynamicPartitionsFollowHiveRules() {
        run("CREATE TABLE pt_src (ip STRING, hits INT, c STRING)");
        run("INSERT INTO pt_src VALUES ('a', 1, 'us'), ('b', 2, 'us'), ('c', 3, 'de'), ('d', 4, NULL)");
        assertThatThrownBy(() -> run("INSERT INTO pt_logs PARTITION (dt, country) SELECT ip, hits, DATE '2020-02-01', c FROM pt_src"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("strict mode")
                .hasMessageContaining("SET hive.exec.dynamic.partition.mode=nonstrict");
        assertThatThrownBy(() -> run("INSERT INTO pt_logs PARTITION (dt, country='x') SELECT ip, hits, DATE '2020-02-01' FROM pt_src"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("Static partition column 'country' follows dynamic");
        run("INSERT INTO pt_logs PARTITION (dt='2020-01-02', country) SELECT ip, hits, c FROM pt_src");
        assertThat(query("SHOW PARTITIONS pt_logs")).containsExactly("dt=2020-01-01/country=nl", "dt=2020-01-02/country=__HIVE_DEFAULT_PARTITION__",
                "dt=2020-01-02/country=de", "dt=2020-01-02/country=us");
        assertThat(query("SELECT ip FROM pt_logs WHERE country IS NULL")).containsExactly("d");
        assertThat(query("SELECT count(*) FROM pt_logs WHERE dt = '2020-01-02' AND country = 'de'")).containsExactly("11");
        // OVERWRITE with dynamic partitions replaces the partitions the query writes, and only those
        run("SET hive.exec.dynamic.partition.mode=nonstrict");
        try {
            run("INSERT OVERWRITE TABLE pt_logs PARTITION (dt, country) SELECT ip, hits, DATE '2020-01-02', c FROM pt_src WHERE c = 'us'");
            assertThat(query("SELECT count(*) FROM pt_logs WHERE country = 'us'")).containsExactly("2");
            assertThat(query("SELECT count(*) FROM pt_logs WHERE country = 'de'")).containsExactly("11");
            run("SET hive.exec.max.dynamic.partitions=2");
            assertThatThrownBy(() -> run("INSERT INTO pt_logs SELECT ip, hits, DATE '2020-03-01', c FROM pt_src"))
                    .isInstanceOf(SemanticException.class).hasMessageContaining("more than 2 partitions");
            assertThat(query("SELECT count(*) FROM pt_logs WHERE dt = '2020-03-01'")).containsExactly("0");
        } finally {
            run("SET hive.exec.dynamic.partition.mode=strict");
            run("SET hive.exec.max.dynamic.partitions=1000");
        }
    }

    @Test
    void addDropAndTruncatePartitions() {
        run("ALTER TABLE pt_logs ADD PARTITION (dt='2021-01-01', country='us')");
        assertThatThrownBy(() -> run("ALTER TABLE pt_logs ADD PARTITION (dt='2021-01-01', country='us')"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("dt=2021-01-01/country=us of table 'pt_logs' already exists");
        run("ALTER TABLE pt_logs ADD IF NOT EXISTS PARTITION (dt='2021-01-01', country='us')");
        assertThat(query("SHOW PARTITIONS pt_logs")).hasSize(3);
        run("TRUNCATE TABLE pt_logs PARTITION (dt='2020-01-01', country='nl')");
        assertThat(perPartition()).containsExactly("2020-01-02 | de | 10 | 5500");
        assertThat(query("SHOW PARTITIONS pt_logs")).contains("dt=2020-01-01/country=nl");
        run("ALTER TABLE pt_logs DROP PARTITION (country='de'), PARTITION (dt='2021-01-01')");
        assertThat(query("SHOW PARTITIONS pt_logs")).containsExactly("dt=2020-01-01/country=nl");
        assertThat(query("SELECT count(*) FROM pt_logs")).containsExactly("0");
        TableInfo table = engine.catalog().table("pt_logs");
        assertThat(table.stats().rows()).isZero();
        assertThatThrownBy(() -> run("ALTER TABLE pt_logs DROP PARTITION (country='zz')"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("No partition of table 'pt_logs' matches");
        run("ALTER TABLE pt_logs DROP IF EXISTS PARTITION (country='zz')");
        run("LOAD DATA LOCAL INPATH '" + de + "' OVERWRITE INTO TABLE pt_logs PARTITION (dt='2020-01-01', country='nl')");
        assertThat(perPartition()).containsExactly("2020-01-01 | nl | 10 | 5500");
    }

    @Test
    void alterTableAndShowCreateKeepThePartitions() {
        List<String> before = perPartition();
        run("ALTER TABLE pt_logs ADD COLUMNS (agent STRING)");
        TableInfo table = engine.catalog().table("pt_logs");
        assertThat(table.columnNames()).containsExactly("ip", "hits", "agent", "dt", "country");
        assertThat(table.partitions()).hasSize(2);
        assertThat(perPartition()).isEqualTo(before);
        assertThat(query("SELECT agent FROM pt_logs WHERE dt = '2020-01-01' LIMIT 1")).containsExactly("NULL");
        assertThatThrownBy(() -> run("ALTER TABLE pt_logs CHANGE COLUMN dt day DATE"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("Cannot change partition column 'dt'");
        run("ALTER TABLE pt_logs RENAME TO pt_copy");
        assertThat(query("SHOW PARTITIONS pt_copy")).hasSize(2);
        String ddl = String.join("\n", query("SHOW CREATE TABLE pt_copy"));
        assertThat(ddl).contains("PARTITIONED BY (\n  `dt` date,\n  `country` string COMMENT 'iso code')");
        TableInfo copy = engine.catalog().table("pt_copy");
        run("DROP TABLE pt_copy");
        run(ddl);
        TableInfo again = engine.catalog().table("pt_copy");
        assertThat(again.columns()).isEqualTo(copy.columns());
        assertThat(again.partitionColumns()).containsExactly("dt", "country");
    }

    @Test
    void pruningGivesTheAnswersOfTheSameRowsUnpartitioned() {
        run("SET hive.exec.dynamic.partition.mode=nonstrict");
        try {
            run("INSERT INTO pt_logs PARTITION (dt, country) VALUES ('x', 7, DATE '2020-01-03', NULL), ('y', 8, DATE '2020-01-03', 'nl')");
        } finally {
            run("SET hive.exec.dynamic.partition.mode=strict");
        }
        run("CREATE TABLE pt_flat AS SELECT * FROM pt_logs");
        assertThat(engine.catalog().table("pt_flat").isPartitioned()).isFalse();
        List<String> filters = List.of("dt = '2020-01-01'", "dt = DATE '2020-01-02'", "dt > '2020-01-01'",
                "dt BETWEEN '2019-12-31' AND '2020-01-01'", "country IN ('nl', 'xx')", "country <> 'nl'", "country IS NULL",
                "country IS NOT NULL", "dt = '2020-01-05'", "country = 'nl' OR hits > 500", "country = 'zz' AND hits > 0",
                "country < 'e'", "NOT (country = 'nl')", "dt IN ('2020-01-01', '2020-01-09')", "country LIKE 'n%'",
                "dt >= '2020-01-03' AND country IS NULL", "hits = 7 OR country = 'de'", "'nl' = country");
        for (String filter : filters) {
            String q = "SELECT count(*), sum(hits) FROM $t WHERE " + filter;
            assertThat(query(q.replace("$t", "pt_logs"))).as(filter).isEqualTo(query(q.replace("$t", "pt_flat")));
        }
        assertThat(String.join("\n", query("EXPLAIN SELECT count(*) FROM pt_logs WHERE dt = '2020-01-01'")))
                .contains("Partition pruning: table pt_logs reads 1 of 4 partitions (dt=2020-01-01/country=nl)");
        assertThat(String.join("\n", query("EXPLAIN SELECT ip FROM pt_logs WHERE country IN ('de', 'nl')")))
                .contains("reads 3 of 4 partitions (dt=2020-01-01/country=nl, dt=2020-01-02/country=de, dt=2020-01-03/country=nl)");
        // no partition matches: answered without a chunk statement
        String none = String.join("\n", query("EXPLAIN SELECT ip, count(*) FROM pt_logs WHERE dt = '2020-01-05' GROUP BY ip"));
        assertThat(none).doesNotContain("FROM \"").doesNotContain("pt_logs\"");
        assertThat(query("SELECT ip, count(*) FROM pt_logs WHERE dt = '2020-01-05' GROUP BY ip")).isEmpty();
    }

    @Test
    void mistakesGetClearErrors() {
        assertThatThrownBy(() -> run("LOAD DATA LOCAL INPATH '" + nl + "' INTO TABLE pt_logs"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("name the partition the files go to");
        assertThatThrownBy(() -> run("LOAD DATA LOCAL INPATH '" + nl + "' INTO TABLE pt_logs PARTITION (dt='2020-01-01')"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("has none for 'country'");
        assertThatThrownBy(() -> run("LOAD DATA LOCAL INPATH '" + nl + "' INTO TABLE pt_logs PARTITION (dt='yesterday', country='x')"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("'yesterday' is not a value of partition column 'dt' (date)");
        assertThatThrownBy(() -> run("SHOW PARTITIONS pt_logs PARTITION (hits=1)"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("'hits' is not a partition column of table 'pt_logs'");
        run("CREATE TABLE pt_flat (a INT)");
        assertThatThrownBy(() -> run("INSERT INTO pt_flat PARTITION (a=1) SELECT 1"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("Table 'pt_flat' is not partitioned");
        assertThatThrownBy(() -> run("SHOW PARTITIONS pt_flat"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("is not a partitioned table");
        assertThatThrownBy(() -> run("CREATE TABLE pt_copy (a INT) PARTITIONED BY (d DOUBLE)"))
                .hasMessageContaining("partition column 'd' is double");
        assertThatThrownBy(() -> run("CREATE TABLE pt_copy (a INT) PARTITIONED BY (d STRING) CLUSTERED BY (d) INTO 2 BUCKETS"))
                .hasMessageContaining("cannot be a CLUSTERED BY column");
        assertThatThrownBy(() -> run("INSERT INTO pt_logs PARTITION (dt='2020-01-01', country='nl') SELECT 'x'"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("the query returns 1 column(s) but 2 are expected (ip, hits)");
    }
}
