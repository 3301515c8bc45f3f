package org.hadoopdb.connector.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobClasspathTest {
    @Test
    void localJobsShipNothing() throws Exception {
        Job job = Job.getInstance(new Configuration(false));
        JobClasspath.ship(job);
        assertThat(job.getConfiguration().get("tmpjars")).isNull();
    }

    @Test
    void yarnJobsShipOurJarsAndPackedClassDirectoriesButNotHadoops(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes/org/example"));
        Files.writeString(classes.resolve("A.class"), "not really a class");
        Path driver = Files.writeString(dir.resolve("postgresql-42.7.8.jar"), "jar");
        Path hadoop = Files.writeString(dir.resolve("hadoop-common-3.4.2.jar"), "jar");
        String cp = String.join(File.pathSeparator, dir.resolve("classes").toString(), driver.toString(), hadoop.toString());
        List<String> jars = JobClasspath.collect(cp);
        assertThat(jars).hasSize(2);
        assertThat(jars.get(1)).endsWith("postgresql-42.7.8.jar");
        try (JarFile packed = new JarFile(new File(URI.create(jars.get(0))))) {
            assertThat(packed.getEntry("org/example/A.class")).isNotNull();
        }
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.framework.name", "yarn");
        Job job = Job.getInstance(conf);
        JobClasspath.ship(job);
        assertThat(job.getConfiguration().get("tmpjars")).isNotBlank();
        assertThat(job.getConfiguration().getBoolean("mapreduce.job.user.classpath.first", false)).isTrue();
    }
}
