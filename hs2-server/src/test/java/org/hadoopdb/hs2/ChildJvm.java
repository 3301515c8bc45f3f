package org.hadoopdb.hs2;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Java program in a JVM of its own, with the class path given: clients whose jars must not meet
 * the engine's (Hive's driver and beeline bundle other Hadoop versions), or that need a heap of their own.
 */
final class ChildJvm {
    private ChildJvm() {
    }

    /** What the program printed, and how it ended. */
    record Result(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    /**
     * Runs {@code mainClass} with {@code jvmOptions} and {@code args}, standard input empty, and waits
     * for it up to {@code timeout} (then kills it and fails).
     */
    static Result run(List<Path> classPath, List<String> jvmOptions, String mainClass, List<String> args, Duration timeout)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        command.add(mainClass);
        command.addAll(args);
        // output to files: a child writing more than a pipe holds must not block on a reader
        Path out = Files.createTempFile("hadoopdb-child-", ".out");
        Path err = Files.createTempFile("hadoopdb-child-", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException(mainClass + " did not end within " + timeout + ":\n"
                        + Files.readString(out, StandardCharsets.UTF_8) + "\n" + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** Hive's standalone JDBC driver jar, which the build names in {@code hive.jdbc.jar}. */
    static Path hiveJdbcJar() {
        return existing("hive.jdbc.jar", false);
    }

    /** The directory of beeline's jars, which the build copies and names in {@code hive.beeline.dir}. */
    static Path beelineDir() {
        return existing("hive.beeline.dir", true);
    }

    private static Path existing(String property, boolean directory) {
        String value = System.getProperty(property);
        if (value == null || !(directory ? Files.isDirectory(Path.of(value)) : Files.isRegularFile(Path.of(value)))) {
            throw new IllegalStateException(property + "=" + value + " names nothing (run the tests through Maven's verify)");
        }
        return Path.of(value);
    }
}
