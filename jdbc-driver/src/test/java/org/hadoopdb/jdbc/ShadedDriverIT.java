package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.Test;

/**
 * The shaded driver jar alone, as a BI tool loads it: found through {@code java.sql.Driver} services
 * in a class loader that sees nothing else, connected to a query server.
 */
class ShadedDriverIT {

    @Test
    void theDriverJarAloneConnectsAndQueries() throws Exception {
        Path jar = Path.of(System.getProperty("hadoopdb.driver.jar"));
        assertThat(jar).isRegularFile();
        List<String> outside = new ArrayList<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            j.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class") && !n.startsWith("org/hadoopdb/jdbc/")
                            // Avatica's protocol names its message classes on the wire: it cannot move
                            && !n.startsWith("org/apache/calcite/avatica/"))
                    .forEach(outside::add);
            // Spark's dialect ships in the jar (Spark itself does not: Spark brings it)
            assertThat(j.getEntry("org/hadoopdb/jdbc/client/spark/HadoopDbSparkDialect.class")).isNotNull();
        }
        assertThat(outside).as("unrelocated library classes").isEmpty();

        Path users = Files.createTempDirectory("hadoopdb-shaded-").resolve("users");
        new UsersFile(users).put("tool", "tool-password".toCharArray());
        try (HadoopDbEngine engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
             QueryServer server = QueryServer.start(engine, new ServerSettings(0, "127.0.0.1", true, users, null, "",
                     "PKCS12", 2, 8, Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofSeconds(1), 16));
             URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Driver driver = ServiceLoader.load(Driver.class, loader).stream().map(ServiceLoader.Provider::get)
                    .filter(d -> d.getClass().getName().equals("org.hadoopdb.jdbc.HadoopDbDriver")).findFirst().orElseThrow();
            assertThat(driver.getClass().getClassLoader()).isSameAs(loader);
            assertThat(driver.acceptsURL(server.jdbcUrl())).isTrue();
            Properties p = new Properties();
            p.setProperty("user", "tool");
            p.setProperty("password", "tool-password");
            try (Connection c = driver.connect(server.jdbcUrl(), p); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SET hadoopdb.fetch.direct")) {
                assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("HadoopDB");
                assertThat(c.getMetaData().getDriverName()).isEqualTo("HadoopDB JDBC Driver");
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("hadoopdb.fetch.direct=true");
            }
        }
    }
}
