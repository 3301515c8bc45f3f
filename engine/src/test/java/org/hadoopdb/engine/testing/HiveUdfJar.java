package org.hadoopdb.engine.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A jar of user functions compiled at test time with {@code javax.tools} against Hive's own jar (from
 * the bridge module's {@code target/hive-lib}) and Hadoop's, as a Hive user builds one. Hive is on
 * the compiler's class path only, never on the test's.
 */
public final class HiveUdfJar {
    private HiveUdfJar() {
    }

    /** The directory the bridge module's build fills: Hive's jars and the bridge. */
    public static Path hiveLib() {
        Path lib = Path.of("..", "hive-udf-bridge", "target", "hive-lib").toAbsolutePath().normalize();
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(lib + " does not exist: build the hive-udf-bridge module first (./mvnw install)");
        }
        return lib;
    }

    /**
     * Compiles {@code sources} (fully qualified class name → source) into {@code dir/name}.
     *
     * @throws IllegalStateException with the compiler's messages when a source does not compile
     */
    public static Path build(Path dir, String name, Map<String, String> sources) throws IOException {
        Path src = Files.createDirectories(dir.resolve(name + "-src"));
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        List<String> args = new ArrayList<>(List.of("--release", "17", "-nowarn", "-d", classes.toString(), "-cp", classPath()));
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Path file = src.resolve(s.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, s.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int status = javac.run(null, errors, errors, args.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("The test's user functions do not compile (javac exit " + status + "): " + errors);
        }
        Path jar = dir.resolve(name + ".jar");
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(os);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, zip);
                zip.closeEntry();
            }
        }
        return jar;
    }

    /** Hive's exec jar and the Hadoop jar of this JVM that Hive's UDF API refers to ({@code Text}, {@code Writable}s). */
    private static String classPath() throws IOException {
        try (Stream<Path> lib = Files.list(hiveLib())) {
            Path hive = lib.filter(p -> p.getFileName().toString().startsWith("hive-exec-")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no hive-exec jar in " + hiveLib()));
            Path hadoop = Path.of(org.apache.hadoop.io.Text.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return hive + java.io.File.pathSeparator + hadoop;
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
