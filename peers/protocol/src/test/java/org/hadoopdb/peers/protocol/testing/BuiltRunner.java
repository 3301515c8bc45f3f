package org.hadoopdb.peers.protocol.testing;

import java.io.File;
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
 * A peer module's runner as its build describes it ({@code target/peer.properties}, {@code target/classpath.txt}), for
 * the module's own tests: the compiled classes stand in for the jar, which the {@code package} phase writes only after
 * the tests, and the tests' heap for the benchmark's.
 */
public final class BuiltRunner {
    private BuiltRunner() {
    }

    /**
     * @param target   the module's target directory
     * @param testHeap the {@code -Xmx} option that replaces the runner's (the tests' tables are tiny, the machine shared)
     */
    public static PeerLaunch launch(Path target, String testHeap) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(target.resolve(PeerLaunch.PROPERTIES), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        List<Path> classPath = new ArrayList<>(List.of(target.resolve("classes")));
        for (String entry : Files.readString(target.resolve(PeerLaunch.CLASSPATH)).strip().split(File.pathSeparator)) {
            classPath.add(Path.of(entry));
        }
        List<String> options = Arrays.stream(p.getProperty("jvm.options").strip().split("\\s+"))
                .map(o -> o.startsWith("-Xmx") ? testHeap : o).toList();
        return new PeerLaunch(p.getProperty("name"), p.getProperty("main"), options, classPath);
    }
}
