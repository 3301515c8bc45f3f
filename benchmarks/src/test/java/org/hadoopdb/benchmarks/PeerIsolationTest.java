package org.hadoopdb.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The peers (Hive, Spark SQL, DuckDB) run in JVMs of their own: none of their jars may reach this module's class path,
 * the widest of HadoopDB's (it sees every module). The peer modules it builds first are pom dependencies without their
 * own dependencies; when they brought them along, the YARN test's jobs shipped a second hive-exec and failed.
 */
class PeerIsolationTest {
    @Test
    void noPeerSystemJarIsOnTheClassPath() {
        List<String> entries = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(e -> e.substring(e.lastIndexOf(File.separatorChar) + 1)).toList();
        assertThat(entries).isNotEmpty().noneMatch(e -> e.startsWith("hive-exec-") || e.startsWith("hive-metastore")
                || e.startsWith("duckdb_jdbc") || e.startsWith("spark-core") || e.startsWith("spark-sql") && !e.endsWith("-tests.jar"));
    }
}
