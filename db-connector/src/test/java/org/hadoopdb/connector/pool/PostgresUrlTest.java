package org.hadoopdb.connector.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class PostgresUrlTest {
    @Test
    void readsTheServerAndDecodedPropertiesAsPgjdbcDoes() {
        PostgresUrl url = PostgresUrl.parse("jdbc:postgresql://worker1:6543/hadoopdb?user=a%20b&ssl=true").orElseThrow();
        assertThat(url.singleServer()).get().satisfies(a -> {
            assertThat(a.getHostString()).isEqualTo("worker1");
            assertThat(a.getPort()).isEqualTo(6543);
        });
        assertThat(url.property("user")).contains("a b");
        assertThat(url.property("ssl")).contains("true");
        assertThat(url.property("password")).isEmpty();
    }

    @Test
    void defaultPortBareDatabaseAndIpv6() {
        assertThat(PostgresUrl.parse("jdbc:postgresql://worker1/db").orElseThrow().singleServer()).get()
                .extracting(InetSocketAddress::getPort).isEqualTo(5432);
        assertThat(PostgresUrl.parse("jdbc:postgresql:db").orElseThrow().singleServer()).get()
                .extracting(InetSocketAddress::getHostString).isEqualTo("localhost");
        assertThat(PostgresUrl.parse("jdbc:postgresql://[::1]:7000/db").orElseThrow().singleServer()).get()
                .satisfies(a -> {
                    assertThat(a.getHostString()).isEqualTo("::1");
                    assertThat(a.getPort()).isEqualTo(7000);
                });
    }

    @Test
    void severalServersOrNoHostHaveNoSingleServer() {
        assertThat(PostgresUrl.parse("jdbc:postgresql://a:1,b:2/db").orElseThrow().singleServer()).isEmpty();
        assertThat(PostgresUrl.parse("jdbc:postgresql:///db").orElseThrow().singleServer()).isEmpty();
    }

    @Test
    void urlsPgjdbcRefusesAreEmpty() {
        assertThat(PostgresUrl.parse(null)).isEmpty();
        assertThat(PostgresUrl.parse("jdbc:mysql://a/db")).isEmpty();
        assertThat(PostgresUrl.parse("jdbc:postgresql://a:notaport/db")).isEmpty();
        assertThat(PostgresUrl.parse("jdbc:postgresql://a")).isEmpty();
    }
}
