package org.hadoopdb.catalog.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalJobDirsTest {
    @TempDir
    Path home;

    @Test
    void hadoopsDefaultsAreReplacedByTheRunsOwnDirectory() {
        HadoopDbConfig config = HadoopDbConfig.builder().environment(Map.of()).home(home).build();
        Configuration conf = new Configuration(config.hadoopConf());
        // core-default.xml's value: a default, not a choice of the user
        assertThat(conf.get("hadoop.tmp.dir")).startsWith("/tmp/hadoop-");
        LocalJobDirs dirs = LocalJobDirs.of(config.home(), "q1");
        dirs.applyTo(conf);
        assertThat(dirs.dir()).isEqualTo(home.resolve("scratch/local/" + ProcessHandle.current().pid() + "-q1"));
        assertThat(conf.get("hadoop.tmp.dir")).isEqualTo(dirs.dir().resolve("tmp").toString());
        assertThat(conf.get("mapreduce.cluster.local.dir")).isEqualTo(dirs.dir().resolve("mapred-local").toString());
        assertThat(conf.get("mapreduce.jobtracker.staging.root.dir")).isEqualTo(dirs.dir().resolve("staging").toString());
    }

    @Test
    void directoriesTheUserConfiguredStay() {
        HadoopDbConfig config = HadoopDbConfig.builder().environment(Map.of()).home(home)
                .override("mapreduce.cluster.local.dir", "/data/mr-local").build();
        Configuration conf = new Configuration(config.hadoopConf());
        LocalJobDirs.of(config.home(), "q2").applyTo(conf);
        assertThat(conf.get("mapreduce.cluster.local.dir")).isEqualTo("/data/mr-local");
        assertThat(conf.get("hadoop.tmp.dir")).startsWith(home.toString());

        Configuration ownTmp = new Configuration(config.hadoopConf());
        ownTmp.set("hadoop.tmp.dir", "/data/tmp");
        LocalJobDirs.of(config.home(), "q3").applyTo(ownTmp);
        assertThat(ownTmp.get("hadoop.tmp.dir")).isEqualTo("/data/tmp");
        // left to Hadoop's default, which follows the user's hadoop.tmp.dir (mapred-default.xml is not on this classpath)
        assertThat(ownTmp.get("mapreduce.jobtracker.staging.root.dir")).isNull();
    }

    @Test
    void onAClusterNothingChanges() {
        HadoopDbConfig config = HadoopDbConfig.builder().environment(Map.of()).home(home)
                .override("mapreduce.framework.name", "yarn").build();
        Configuration conf = new Configuration(config.hadoopConf());
        LocalJobDirs.of(config.home(), "q4").applyTo(conf);
        assertThat(conf.get("hadoop.tmp.dir")).startsWith("/tmp/hadoop-");
    }

    @Test
    void deleteRemovesTheRunsDirectoryAndOrphansAreThoseOfDeadProcesses() throws Exception {
        HadoopDbConfig config = HadoopDbConfig.builder().environment(Map.of()).home(home).build();
        LocalJobDirs mine = LocalJobDirs.of(config.home(), "q5");
        Files.createDirectories(mine.dir().resolve("mapred-local/out"));
        Files.writeString(mine.dir().resolve("mapred-local/out/file.out"), "x");
        Path orphan = config.home().localJobsDir().resolve(deadPid() + "-q6");
        Files.createDirectories(orphan.resolve("tmp"));
        Files.writeString(orphan.resolve("tmp/spill0.out"), "x");

        assertThat(LocalJobDirs.removeOrphans(config.home())).containsExactly(orphan);
        assertThat(orphan).doesNotExist();
        assertThat(mine.dir().resolve("mapred-local/out/file.out")).exists();
        mine.delete();
        assertThat(mine.dir()).doesNotExist();
    }

    private static long deadPid() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}
