package org.hadoopdb.connector.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class ServerAddressTest {
    @Test
    void readsHostAndPortOfSingleHostUrls() {
        assertThat(ServerAddress.of("jdbc:postgresql://worker1:6543/hadoopdb?user=x")).get()
                .satisfies(a -> {
                    assertThat(a.getHostString()).isEqualTo("worker1");
                    assertThat(a.getPort()).isEqualTo(6543);
                });
        assertThat(ServerAddress.of("jdbc:postgresql://worker1/hadoopdb")).get().extracting(InetSocketAddress::getPort).isEqualTo(5432);
        assertThat(ServerAddress.of("jdbc:postgresql://[::1]:7000/db")).get().extracting(InetSocketAddress::getHostString)
                .isEqualTo("::1");
        assertThat(ServerAddress.of("jdbc:postgresql://a:1,b:2/db")).isEmpty();
        assertThat(ServerAddress.of("jdbc:mysql://a/db")).isEmpty();
        assertThat(ServerAddress.of("jdbc:postgresql://a:notaport/db")).isEmpty();
    }

    @Test
    void aClosedPortRefusesAndAListeningOneDoesNot() throws Exception {
        int port;
        try (ServerSocket listening = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = listening.getLocalPort();
            assertThat(ServerAddress.refusesConnections("jdbc:postgresql://127.0.0.1:" + port + "/db")).isFalse();
        }
        assertThat(ServerAddress.refusesConnections("jdbc:postgresql://127.0.0.1:" + port + "/db")).isTrue();
    }
}
