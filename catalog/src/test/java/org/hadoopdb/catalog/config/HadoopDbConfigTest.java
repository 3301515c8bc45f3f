package org.hadoopdb.catalog.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HadoopDbConfigTest {
    @TempDir
    Path temp;

    private static void site(Path dir, String key, String value) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(HadoopDbConfig.SITE_FILE), "<configuration><property><name>" + key
                + "</name><value>" + value + "</value></property></configuration>");
    }

    @Test
    void defaultsApplyWhenNothingIsSet() {
        HadoopDbConfig c = HadoopDbConfig.builder().environment(Map.of()).home(temp).build();
        assertThat(c.get(ConfigKeys.EMBEDDED_NODES)).isEqualTo(4);
        assertThat(c.get(ConfigKeys.EMBEDDED_WORK_MEM)).isEqualTo(64L << 20);
        assertThat(c.get(ConfigKeys.EMBEDDED_STARTUP_TIMEOUT)).isEqualTo(Duration.ofSeconds(60));
        assertThat(c.get(ConfigKeys.EMBEDDED_SHARED_BUFFERS)).isNull();
        assertThat(c.home().root()).isEqualTo(temp);
        assertThat(c.home().catalogPath().toUri().getPath()).isEqualTo(temp.resolve("catalog").toString());
    }

    @Test
    void precedenceIsConfDirThenHomeSiteThenOverrides() throws Exception {
        Path confDir = temp.resolve("etc");
        Path home = temp.resolve("home");
        site(confDir, "hadoopdb.embedded.nodes", "2");
        HadoopDbConfig fromConfDir = HadoopDbConfig.builder().environment(Map.of("HADOOPDB_CONF_DIR", confDir.toString()))
                .home(home).build();
        assertThat(fromConfDir.get(ConfigKeys.EMBEDDED_NODES)).isEqualTo(2);

        site(home.resolve("conf"), "hadoopdb.embedded.nodes", "3");
        HadoopDbConfig fromHome = HadoopDbConfig.builder().environment(Map.of("HADOOPDB_CONF_DIR", confDir.toString()))
                .home(home).build();
        assertThat(fromHome.get(ConfigKeys.EMBEDDED_NODES)).isEqualTo(3);

        HadoopDbConfig overridden = HadoopDbConfig.builder().environment(Map.of("HADOOPDB_CONF_DIR", confDir.toString()))
                .home(home).override("hadoopdb.embedded.nodes", "5").build();
        assertThat(overridden.get(ConfigKeys.EMBEDDED_NODES)).isEqualTo(5);
        assertThat(overridden.with(Map.of("hadoopdb.embedded.nodes", "6")).get(ConfigKeys.EMBEDDED_NODES)).isEqualTo(6);
    }

    @Test
    void homeComesFromFlagThenEnvironment() {
        Path env = temp.resolve("from-env");
        assertThat(HadoopDbConfig.builder().environment(Map.of("HADOOPDB_HOME", env.toString())).build().home().root())
                .isEqualTo(env);
        assertThat(HadoopDbConfig.builder().environment(Map.of("HADOOPDB_HOME", env.toString())).home(temp).build().home().root())
                .isEqualTo(temp);
        assertThat(HadoopDbConfig.builder().environment(Map.of()).build().home().root())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".hadoopdb"));
    }

    @Test
    void badValueNamesKeyValueAndForm() {
        HadoopDbConfig c = HadoopDbConfig.builder().environment(Map.of()).home(temp)
                .override("hadoopdb.embedded.work-mem", "lots").override("hadoopdb.embedded.fsync", "maybe").build();
        assertThatThrownBy(() -> c.get(ConfigKeys.EMBEDDED_WORK_MEM))
                .isInstanceOf(ConfigException.class)
                .hasMessage("Configuration key hadoopdb.embedded.work-mem has value 'lots', which is not a size (e.g. 512MB, 2GB, 65536) (expected a size)");
        assertThatThrownBy(() -> c.get(ConfigKeys.EMBEDDED_FSYNC)).hasMessageContaining("not a boolean");
    }

    @Test
    void sizesAndDurationsParse() {
        assertThat(ValueParsers.bytes("512MB")).isEqualTo(512L << 20);
        assertThat(ValueParsers.bytes("2g")).isEqualTo(2L << 30);
        assertThat(ValueParsers.bytes("65536")).isEqualTo(65536);
        assertThat(ValueParsers.duration("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(ValueParsers.duration("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(ValueParsers.duration("7")).isEqualTo(Duration.ofSeconds(7));
    }
}
