package org.hadoopdb.cluster.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code pg_hba.conf} of an embedded node: TCP from loopback only, every user with a SCRAM
 * password. The nodes have no Unix socket ({@link NodeSettings}), so no {@code local} line is needed.
 * A node whose file differs (a home created before the nodes had a password, with {@code trust})
 * is migrated by {@link EmbeddedNode#start}.
 */
final class HbaFile {
    static final String CONTENT = """
            # Written by HadoopDB: only loopback TCP connections, each with the password of ../../../conf/nodes.pgpass
            # TYPE  DATABASE  USER  ADDRESS       METHOD
            host    all       all   127.0.0.1/32  scram-sha-256
            host    all       all   ::1/128       scram-sha-256
            """;

    private HbaFile() {
    }

    static Path of(Path dataDir) {
        return dataDir.resolve("pg_hba.conf");
    }

    /** True when the node's file is the one HadoopDB writes. */
    static boolean isCurrent(Path dataDir) {
        try {
            return Files.isRegularFile(of(dataDir)) && Files.readString(of(dataDir), StandardCharsets.UTF_8).equals(CONTENT);
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot read " + of(dataDir) + ": " + e.getMessage(), e);
        }
    }

    static void write(Path dataDir) {
        try {
            Files.writeString(of(dataDir), CONTENT, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot write " + of(dataDir) + ": " + e.getMessage(), e);
        }
    }
}
