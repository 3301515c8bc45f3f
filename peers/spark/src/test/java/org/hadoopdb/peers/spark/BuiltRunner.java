package org.hadoopdb.peers.spark;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.hadoopdb.peers.protocol.PeerLaunch;

/**
 * The runner as this module's build describes it ({@code target/peer.properties}, {@code target/classpath.txt}), with
 * the compiled classes in place of the jar, which the {@code package} phase writes only after the tests.
 */
final class BuiltRunner {
    /** The tests' heap: their tables are tiny, and the machine is shared. */
    private static final String TEST_HEAP = "-Xmx1g";

    private BuiltRunner() {
    }

    static PeerLaunch launch() throws IOException {
        Path target = Path.of(System.getProperty("peer.target", "target"));
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(target.resolve(PeerLaunch.PROPERTIES), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        List<Path> classPath = new ArrayList<>(List.of(target.resolve("classes")));
        for (String entry : Files.readString(target.resolve(PeerLaunch.CLASSPATH)).strip().split(java.io.File.pathSeparator)) {
            classPath.add(Path.of(entry));
        }
        List<String> options = Arrays.stream(p.getProperty("jvm.options").strip().split("\\s+"))
                .map(o -> o.startsWith("-Xmx") ? TEST_HEAP : o).toList();
        return new PeerLaunch(p.getProperty("name"), p.getProperty("main"), options, classPath);
    }
}
