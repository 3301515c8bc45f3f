package org.hadoopdb.peers.protocol;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * How to start one peer's runner: what its module's {@code package} phase writes into its {@code target}
 * directory. {@code peer.properties} holds {@code name}, {@code main} (the runner's class), {@code jar} (the
 * runner's jar, beside it) and {@code jvm.options} (space-separated, e.g. the {@code --add-opens} Spark needs);
 * {@code classpath.txt} holds the runner's dependencies as Maven's {@code dependency:build-classpath} writes them.
 *
 * @param name       the peer's name ({@code hive}, {@code spark}, {@code duckdb})
 * @param mainClass  the runner's class with {@code main}
 * @param jvmOptions options for its JVM (memory, module opens)
 * @param classPath  the runner's jar, then its dependencies
 */
public record PeerLaunch(String name, String mainClass, List<String> jvmOptions, List<Path> classPath) {
    /** The file each peer module writes in its target directory. */
    public static final String PROPERTIES = "peer.properties";
    /** The class path file beside it. */
    public static final String CLASSPATH = "classpath.txt";

    public PeerLaunch {
        jvmOptions = List.copyOf(jvmOptions);
        classPath = List.copyOf(classPath);
    }

    /** Reads the launch description a peer module's build left in {@code targetDir}. */
    public static PeerLaunch read(Path targetDir) {
        Path props = targetDir.resolve(PROPERTIES);
        if (!Files.isRegularFile(props)) {
            throw new PeerException("No " + props + ": the peer's module has not been built (run ./mvnw package -DskipTests "
                    + "in the source tree)");
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(props, StandardCharsets.UTF_8)) {
            p.load(in);
            List<Path> cp = new ArrayList<>();
            cp.add(targetDir.resolve(required(p, props, "jar")));
            String deps = Files.readString(targetDir.resolve(CLASSPATH), StandardCharsets.UTF_8).strip();
            for (String entry : deps.split(java.io.File.pathSeparator)) {
                if (!entry.isBlank()) {
                    cp.add(Path.of(entry));
                }
            }
            for (Path entry : cp) {
                if (!Files.exists(entry)) {
                    throw new PeerException("Peer " + p.getProperty("name") + ": " + entry + " on its class path does not exist "
                            + "(rebuild its module)");
                }
            }
            String options = p.getProperty("jvm.options", "").strip();
            return new PeerLaunch(required(p, props, "name"), required(p, props, "main"),
                    options.isEmpty() ? List.of() : Arrays.asList(options.split("\\s+")), cp);
        } catch (IOException e) {
            throw new PeerException("Cannot read the peer's launch description in " + targetDir + ": " + e.getMessage(), e);
        }
    }

    private static String required(Properties p, Path file, String key) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new PeerException(file + " has no '" + key + "'");
        }
        return v.strip();
    }
}
