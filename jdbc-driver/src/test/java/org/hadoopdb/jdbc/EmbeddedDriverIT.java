package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The driver with HadoopDB in the test's process: {@code jdbc:hadoopdb:home=...}. */
class EmbeddedDriverIT extends DriverContract {
    private static String url;

    @BeforeAll
    static void setUp() throws Exception {
        url = "jdbc:hadoopdb:home=" + TestClusters.shared(2).config().home().root();
        try (Connection c = DriverManager.getConnection(url)) {
            createTables(c, "jde_");
        }
    }

    @Override
    Connection connect(Properties extra) throws SQLException {
        return DriverManager.getConnection(url, extra);
    }

    @Override
    String prefix() {
        return "jde_";
    }

    @Test
    void theDriverIsFoundByItsUrl() throws Exception {
        assertThat(DriverManager.getDriver(url)).isInstanceOf(HadoopDbDriver.class);
        try (Connection c = connect()) {
            assertThat(c.getMetaData().getURL()).isEqualTo(url);
            assertThat(c.isValid(5)).isTrue();
        }
    }
}
