package org.hadoopdb.peers.hive;

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
 * The runner as the build describes it in {@code target} ({@code peer.properties}, {@code classpath.txt}), with the
 * compiled classes in place of the jar, which the {@code package} phase writes only after the tests.
 */
final class BuiltRunner {
    private BuiltRunner() {
    }

    static PeerLaunch launch() throws IOException {
        Path target = Path.of(System.getProperty("peer.target", "target"));
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(target.resolve(PeerLaunch.PROPERTIES), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        List<Path> classPath = new ArrayList<>(List.of(target.resolve("classes")));
        for (String entry : Files.readString(target.resolve(PeerLaunch.CLASSPATH)).strip().split(File.pathSeparator)) {
            classPath.add(Path.of(entry));
        }
        return new PeerLaunch(p.getProperty("name"), p.getProperty("main"),
                Arrays.asList(p.getProperty("jvm.options").strip().split("\\s+")), classPath);
    }
}
