package org.hadoopdb.peers.hive;

import java.nio.file.Path;
import org.hadoopdb.peers.protocol.PeerServer;

/**
 * The Hive peer's runner: {@code main(workDir)} serves the benchmark's commands ({@link PeerServer}) with an
 * embedded Hive whose metastore, warehouse and scratch space are in {@code workDir}.
 */
public final class HivePeerRunner {
    private HivePeerRunner() {
    }

    /** Serves the protocol on standard input and output; {@code args[0]} is the work directory. */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: HivePeerRunner <work directory>");
        }
        // Hive's own log4j2 configuration, at WARN, to standard error only (standard output carries the protocol);
        // set before the first Hive class starts logging
        System.setProperty("log4j2.configurationFile", "hive-log4j2.properties");
        System.setProperty("hive.log.level", "WARN");
        System.setProperty("hive.root.logger", "console");
        System.setProperty("derby.stream.error.file", Path.of(args[0]).toAbsolutePath().resolve("derby.log").toString());
        PeerServer.serve(() -> new HivePeer(Path.of(args[0])));
    }
}
