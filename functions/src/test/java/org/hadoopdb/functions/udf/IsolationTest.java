package org.hadoopdb.functions.udf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the isolated class loader of user functions sees of HadoopDB's JVM, and how jars and Hive's lib are found. */
class IsolationTest {
    @TempDir
    Path temp;

    @Test
    void onlyTheJdkHadoopSlf4jAndTheSpiCrossTheBoundary() throws Exception {
        assertThat(HostClasses.shared("org.hadoopdb.functions.udf.spi.ExternalFunction")).isTrue();
        assertThat(HostClasses.shared("org.apache.hadoop.io.Text")).isTrue();
        assertThat(HostClasses.shared("org.slf4j.LoggerFactory")).isTrue();
        assertThat(HostClasses.shared("org.apache.hadoop.hive.ql.exec.UDF")).isFalse();
        assertThat(HostClasses.shared("org.hadoopdb.functions.udf.UserFunctionCall")).isFalse();
        assertThat(HostClasses.shared("org.apache.calcite.rel.RelNode")).isFalse();
        assertThat(HostClasses.shared("com.google.common.collect.ImmutableList")).isFalse();

        HostClasses host = new HostClasses(getClass().getClassLoader());
        assertThat(host.loadClass("java.util.List")).isSameAs(List.class);
        assertThat(host.loadClass("org.apache.hadoop.io.Text")).isSameAs(org.apache.hadoop.io.Text.class);
        assertThat(host.loadClass("org.hadoopdb.functions.udf.spi.Argument")).isSameAs(org.hadoopdb.functions.udf.spi.Argument.class);
        assertThatThrownBy(() -> host.loadClass("org.apache.calcite.rel.RelNode")).isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> host.loadClass("org.hadoopdb.functions.HiveFunction")).isInstanceOf(ClassNotFoundException.class);
        // Hadoop's configuration files stay readable by Hive's Configurations; service registrations never cross
        assertThat(host.getResource("core-default.xml")).isNotNull();
        assertThat(host.getResource("org/apache/calcite/runtime/CalciteResource.properties")).isNull();
        assertThat(HostClasses.sharedResource("META-INF/services/org.apache.hadoop.fs.FileSystem")).isFalse();
    }

    @Test
    void aMissingJarIsNamed() throws Exception {
        UdfEnvironment env = UdfEnvironment.of(HadoopDbConfig.of(new Configuration(false)));
        Path jar = Files.writeString(temp.resolve("a b.jar"), "not really a jar");
        assertThat(env.jars(List.of(jar.toString(), jar.toUri().toString()))).containsExactly(jar, jar);
        assertThatThrownBy(() -> env.jars(List.of(temp.resolve("missing.jar").toString())))
                .isInstanceOf(UserFunctionException.class).hasMessageStartingWith("Jar '" + temp.resolve("missing.jar") + "' does not exist");
        assertThatThrownBy(() -> env.jars(List.of("file:///nowhere/x.jar"))).isInstanceOf(UserFunctionException.class)
                .hasMessageStartingWith("Jar 'file:///nowhere/x.jar' does not exist");
    }

    @Test
    void aTaskUsesTheCopiesItsJobShipped() {
        Configuration conf = new Configuration(false);
        conf.set(UdfEnvironment.JOB_HIVE_LIB, "hivelib-0-hive-exec.jar,hivelib-1-bridge.jar");
        conf.set(UdfEnvironment.JOB_JARS, UdfEnvironment.jobJars(Map.of("hdfs://nn/udf/a,b.jar", "udfjar-0-a.jar")));
        UdfEnvironment env = UdfEnvironment.forTask(conf, temp);
        assertThat(env.hiveLib()).containsExactly(temp.resolve("hivelib-0-hive-exec.jar"), temp.resolve("hivelib-1-bridge.jar"));
        assertThat(env.jars(List.of("hdfs://nn/udf/a,b.jar"))).containsExactly(temp.resolve("udfjar-0-a.jar"));
    }

    @Test
    void hivesLibIsTheKeysDirectoryOrTheSourceTreesBuild() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("lib"));
        HadoopDbConfig config = HadoopDbConfig.builder().home(temp.resolve("home")).environment(Map.of())
                .override("hadoopdb.udf.hive-lib", dir.toString()).build();
        assertThat(HiveLib.directory(config)).isEqualTo(dir);
        assertThatThrownBy(() -> HiveLib.jars(dir)).isInstanceOf(UserFunctionException.class)
                .hasMessageContaining("does not hold Hive's hive-exec jar and HadoopDB's hadoopdb-hive-udf-bridge jar");
        Files.writeString(dir.resolve("hive-exec-4.1.0.jar"), "");
        Files.writeString(dir.resolve("hadoopdb-hive-udf-bridge-1.jar"), "");
        Files.writeString(dir.resolve("notes.txt"), "");
        assertThat(HiveLib.jars(dir)).extracting(p -> p.getFileName().toString())
                .containsExactly("hadoopdb-hive-udf-bridge-1.jar", "hive-exec-4.1.0.jar");
        HadoopDbConfig missing = HadoopDbConfig.builder().home(temp.resolve("home")).environment(Map.of())
                .override("hadoopdb.udf.hive-lib", temp.resolve("nothing").toString()).build();
        assertThatThrownBy(() -> HiveLib.directory(missing)).isInstanceOf(UserFunctionException.class)
                .hasMessageContaining("hadoopdb.udf.hive-lib is " + temp.resolve("nothing") + ", which is not a directory");
        // a source tree's build is found above the jar or directory HadoopDB's classes came from
        Path root = temp.resolve("clone");
        Path built = Files.createDirectories(root.resolve(HiveLib.BUILT));
        Path lib = Files.createDirectories(root.resolve("benchmarks/target/lib"));
        assertThat(HiveLib.inSourceTree(lib.resolve("hadoopdb-functions-1.jar"))).contains(built.toAbsolutePath());
        assertThat(HiveLib.inSourceTree(temp.resolve("elsewhere"))).isEmpty();
        assertThat(HiveLib.codeLocation(HiveLib.class)).isPresent();
    }
}
