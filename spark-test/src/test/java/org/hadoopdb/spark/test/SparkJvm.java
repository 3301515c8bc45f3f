package org.hadoopdb.spark.test;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Runs a Spark program of spark-client's test jar in a JVM of its own: the JDK's {@code java}, the class
 * path and JVM options that jar names (Spark, its dependencies and HadoopDB's driver jar, resolved with
 * Spark's versions), never this JVM's (HadoopDB's own libraries, which Spark's would clash with).
 */
final class SparkJvm {
    private static final String RESOURCES = "org/hadoopdb/spark/";

    private SparkJvm() {
    }

    /** How the program ended, what it printed, and its {@code RESULT key=value} lines. */
    record Result(int exitCode, String stdout, String stderr) {
        Map<String, String> results() {
            Map<String, String> results = new LinkedHashMap<>();
            for (String line : stdout.split("\n")) {
                if (line.startsWith("RESULT ") && line.indexOf('=') > 0) {
                    results.put(line.substring("RESULT ".length(), line.indexOf('=')), line.substring(line.indexOf('=') + 1));
                }
            }
            return results;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    /**
     * Runs {@code mainClass} with {@code args} and waits for it to exit. {@code guard} only ends a child that
     * hangs (it is killed and the test fails with its output); the test itself waits on the exit.
     */
    static Result run(String mainClass, List<String> args, long guardMinutes) throws IOException, InterruptedException {
        Path jar = clientJar();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions(jar));
        command.add("-cp");
        command.add(text(jar, "spark-classpath.txt").trim() + File.pathSeparator + jar);
        command.add(mainClass);
        command.addAll(args);
        // to files: a child writing more than a pipe holds must not block on a reader
        Path out = Files.createTempFile("hadoopdb-spark-", ".out");
        Path err = Files.createTempFile("hadoopdb-spark-", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(guardMinutes, TimeUnit.MINUTES)) {
                p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                throw new IllegalStateException(mainClass + " had not ended after " + guardMinutes + " minutes and was killed:\n"
                        + Files.readString(out, StandardCharsets.UTF_8) + "\n" + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** spark-client's test jar, which the build names in {@code spark.client.jar}. */
    private static Path clientJar() {
        String value = System.getProperty("spark.client.jar");
        if (value == null || !Files.isRegularFile(Path.of(value))) {
            throw new IllegalStateException("spark.client.jar=" + value + " names no file (run the test through Maven's verify)");
        }
        return Path.of(value);
    }

    /** The JVM options Spark needs, from the jar's {@code spark-jvm.properties}. */
    private static List<String> jvmOptions(Path jar) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text(jar, "spark-jvm.properties")));
        return Arrays.asList(p.getProperty("jvm.options", "").trim().split("\\s+"));
    }

    private static String text(Path jar, String name) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            ZipEntry entry = j.getEntry(RESOURCES + name);
            if (entry == null) {
                throw new IllegalStateException(jar + " has no " + RESOURCES + name + " (rebuild spark-client)");
            }
            try (InputStream in = j.getInputStream(entry)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }
}
