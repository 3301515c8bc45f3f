package org.hadoopdb.peers.duckdb;

import java.nio.file.Path;
import org.hadoopdb.peers.protocol.PeerServer;

/**
 * The DuckDB peer's runner: {@code java -cp … org.hadoopdb.peers.duckdb.DuckDbRunner <work-dir>} serves the peer
 * protocol on its standard input and output ({@link PeerServer}); the work directory holds DuckDB's database file
 * and its spill space.
 */
public final class DuckDbRunner {
    private DuckDbRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: DuckDbRunner <work-dir>");
        }
        PeerServer.serve(() -> new DuckDbPeer(Path.of(args[0])));
    }
}
