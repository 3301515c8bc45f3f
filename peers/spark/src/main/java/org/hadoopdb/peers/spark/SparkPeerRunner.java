package org.hadoopdb.peers.spark;

import java.nio.file.Path;
import org.hadoopdb.peers.protocol.PeerServer;

/**
 * The Spark SQL peer's runner: the {@code main} the benchmark starts in a JVM of its own (see {@code peer.properties}
 * in this module's {@code target}), serving the peer protocol on standard input and output.
 *
 * <p>Usage: {@code SparkPeerRunner <work-directory>}; the work directory is Spark's scratch space (warehouse, Parquet
 * copies, shuffle files).
 */
public final class SparkPeerRunner {
    private SparkPeerRunner() {
    }

    /** Serves the protocol until QUIT; {@code args[0]} is the work directory. */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("Usage: SparkPeerRunner <work-directory> (got " + args.length + " arguments)");
        }
        Path workDir = Path.of(args[0]).toAbsolutePath();
        PeerServer.serve(() -> new SparkPeer(workDir));
    }
}
