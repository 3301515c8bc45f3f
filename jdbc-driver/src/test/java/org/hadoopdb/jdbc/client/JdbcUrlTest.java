package org.hadoopdb.jdbc.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class JdbcUrlTest {
    @Test
    void theUrlsPathIsTheConnectionsFirstDatabase() throws Exception {
        assertThat(JdbcUrl.parse("jdbc:hadoopdb://h:1/sales;hadoopdb.reducers=2", new Properties()).properties())
                .containsEntry("database", "sales").containsEntry("hadoopdb.reducers", "2");
        assertThat(JdbcUrl.parse("jdbc:hadoopdb://h:1/", new Properties()).properties()).doesNotContainKey("database");
        assertThat(JdbcUrl.parse("jdbc:hadoopdb://h:1", new Properties()).properties()).doesNotContainKey("database");
        Properties given = new Properties();
        given.setProperty("database", "mine");
        assertThat(JdbcUrl.parse("jdbc:hadoopdb://h:1/sales", given).properties()).containsEntry("database", "mine");
        assertThat(JdbcUrl.parse("jdbc:hadoopdb:home=/x;database=sales", new Properties()).properties())
                .containsEntry("database", "sales");
    }
}
