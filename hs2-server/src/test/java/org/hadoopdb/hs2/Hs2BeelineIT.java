package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hive's own beeline (from Maven Central, in a JVM of its own beside Hive's standalone JDBC driver)
 * against the HiveServer2 endpoint: a script with DDL, LOAD DATA, INSERT and a join with aggregates.
 */
@Timeout(120)
class Hs2BeelineIT {
    private static Hs2TestServer hs2;

    @BeforeAll
    static void start() throws Exception {
        hs2 = Hs2TestServer.start(2, 16);
    }

    @AfterAll
    static void stop() {
        if (hs2 != null) {
            hs2.close();
        }
    }

    private static ChildJvm.Result beeline(String... args) throws Exception {
        List<Path> classPath = new ArrayList<>();
        // the driver first: its bundled Hive and Hadoop classes win over the Hadoop jar beside it
        classPath.add(ChildJvm.hiveJdbcJar());
        try (Stream<Path> jars = Files.list(ChildJvm.beelineDir())) {
            jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(classPath::add);
        }
        Path home = Files.createDirectories(hs2.dir.resolve("beeline-home"));
        return ChildJvm.run(classPath, List.of("-Xmx256m", "-Duser.home=" + home), "org.apache.hive.beeline.BeeLine",
                List.of(args), Duration.ofSeconds(90));
    }

    @Test
    void aScriptWithDdlLoadInsertAndAJoinPrintsItsTables() throws Exception {
        Path customers = Files.writeString(hs2.dir.resolve("customers.txt"), "1|ann\n2|bob\n3|cid\n");
        Path script = Files.writeString(hs2.dir.resolve("script.sql"), String.join("\n",
                "DROP TABLE IF EXISTS bl_customers;",
                "DROP TABLE IF EXISTS bl_orders;",
                "CREATE TABLE bl_customers (id INT, name STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|';",
                "LOAD DATA LOCAL INPATH '" + customers + "' INTO TABLE bl_customers;",
                "CREATE TABLE bl_orders (id INT, cust INT, amount INT);",
                "INSERT INTO bl_orders VALUES (10, 1, 150), (11, 1, 225), (12, 2, 1000), (13, 3, 5), (14, 3, 6);",
                // beeline draws its progress bar only once it has shown the statement's log, which it first fetches a
                // second after the statement starts: the join runs as MapReduce jobs, their map tasks one at a time, to
                // outlast that (in the client it would be done long before)
                "SET hadoopdb.exec.client-stage.max-rows=0;",
                "SET mapreduce.local.map.tasks.maximum=1;",
                "SELECT c.name, COUNT(*) AS n, SUM(o.amount) AS total",
                "FROM bl_orders o JOIN bl_customers c ON o.cust = c.id",
                "GROUP BY c.name ORDER BY c.name;",
                ""));
        ChildJvm.Result r = beeline("-u", hs2.server.jdbcUrl(), "-n", Hs2TestServer.USER, "-p", Hs2TestServer.PASSWORD,
                "-f", script.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        // stdout holds the query's table only; beeline reports everything else on stderr
        assertThat(r.stdout().strip()).as(r.toString()).isEqualTo(String.join("\n",
                "+-------+----+--------+",
                "| name  | n  | total  |",
                "+-------+----+--------+",
                "| ann   | 2  | 375    |",
                "| bob   | 1  | 1000   |",
                "| cid   | 2  | 11     |",
                "+-------+----+--------+"));
        assertThat(r.stderr()).contains("Connected to: HadoopDB", "Created table bl_customers", "Loaded 3 rows into bl_customers",
                "3 rows affected", "5 rows affected", "3 rows selected");
        // the progress bar, drawn from GetOperationStatus's progress update: the join's stages all done
        assertThat(r.stderr()).contains("STAGES", "SUCCEEDED").containsPattern("STAGES: (\\d\\d)/\\1 .*100%");
    }

    @Test
    void aWrongPasswordEndsBeelineWithAnError() throws Exception {
        ChildJvm.Result r = beeline("-u", hs2.server.jdbcUrl(), "-n", Hs2TestServer.USER, "-p", "wrong", "-e", "SELECT 1");
        assertThat(r.exitCode()).as(r.toString()).isNotZero();
        assertThat(r.stderr()).contains("Wrong user name or password for alice", "No current connection");
        assertThat(r.stdout()).isBlank();
    }
}
