package org.hadoopdb.connector.job;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.connector.ConnectorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes HadoopDB's classes and libraries (the PostgreSQL driver, Calcite, Janino, …) available to the
 * tasks of a job on a real cluster. Under the local runner the tasks share this JVM and nothing is
 * needed; on YARN every jar of this JVM's class path that Hadoop itself does not provide is shipped
 * through the job's {@code tmpjars} (uploaded to the staging directory and put on the task class path),
 * and class directories (a development build) are first packed into jars, cached by content. The
 * job's own jars come first on the task class path, so our newer libraries win over Hadoop's.
 *
 * <pre>{@code
 * Job job = Job.getInstance(conf, "my job over chunks");
 * JobClasspath.ship(job);
 * }</pre>
 */
public final class JobClasspath {
    private static final Logger LOG = LoggerFactory.getLogger(JobClasspath.class);
    private static volatile List<String> shipped;

    private JobClasspath() {
    }

    /** Adds what the job's tasks need to its class path, unless the job runs in this JVM. */
    public static void ship(Job job) {
        Configuration conf = job.getConfiguration();
        if ("local".equals(conf.get("mapreduce.framework.name", "local"))) {
            return;
        }
        Set<String> jars = new LinkedHashSet<>();
        String existing = conf.get("tmpjars");
        if (existing != null && !existing.isBlank()) {
            jars.addAll(List.of(existing.split(",")));
        }
        jars.addAll(jars());
        conf.set("tmpjars", String.join(",", jars));
        conf.setBoolean("mapreduce.job.user.classpath.first", true);
    }

    private static List<String> jars() {
        List<String> j = shipped;
        if (j == null) {
            synchronized (JobClasspath.class) {
                j = shipped;
                if (j == null) {
                    j = collect(System.getProperty("java.class.path"));
                    shipped = j;
                    LOG.info("Jobs ship {} jars to their tasks", j.size());
                }
            }
        }
        return j;
    }

    static List<String> collect(String classPath) {
        List<String> out = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            File f = new File(entry);
            if (f.isDirectory()) {
                out.add(jarOf(f.toPath()).toUri().toString());
            } else if (f.isFile() && f.getName().endsWith(".jar") && !providedByHadoop(f.getName())) {
                out.add(f.toURI().toString());
            }
        }
        return out;
    }

    /** Hadoop's own jars are on every node's class path already. */
    static boolean providedByHadoop(String jarName) {
        return jarName.startsWith("hadoop-") && !jarName.startsWith("hadoop-shaded-guava");
    }

    /** A jar of a class directory, in the temporary directory, named by a hash of the directory's content. */
    private static Path jarOf(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> files = walk.filter(Files::isRegularFile).sorted().toList();
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path p : files) {
                digest.update(dir.relativize(p).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update(Long.toString(Files.size(p)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update(Long.toString(Files.getLastModifiedTime(p).toMillis()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            String name = "hadoopdb-classes-" + HexFormat.of().formatHex(digest.digest()).substring(0, 16) + ".jar";
            Path jar = Path.of(System.getProperty("java.io.tmpdir"), name);
            if (Files.exists(jar)) {
                return jar;
            }
            Path tmp = Files.createTempFile(jar.getParent(), name, ".tmp");
            try (OutputStream os = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(os)) {
                for (Path p : files) {
                    out.putNextEntry(new JarEntry(dir.relativize(p).toString().replace(File.separatorChar, '/')));
                    Files.copy(p, out);
                    out.closeEntry();
                }
            }
            Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return jar;
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new ConnectorException("Cannot pack the class directory " + dir + " into a jar for the job's tasks: "
                    + e.getMessage(), e);
        }
    }
}
