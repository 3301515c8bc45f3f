package org.hadoopdb.runtime.mr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.functions.udf.UdfEnvironment;
import org.hadoopdb.planner.plan.QueryPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a query's jobs carry for the user functions they call: nothing locally, the jars through the distributed cache on a cluster. */
class UserFunctionJobsTest {
    @TempDir
    Path temp;

    private QueryPlan plan(List<String> jars) {
        return new QueryPlan(List.of(), new QueryPlan.FromStage(1), RowSchema.builder().add("x", "int").build(), false, List.of(), jars);
    }

    private HadoopDbConfig config(boolean cluster) throws Exception {
        Path lib = Files.createDirectories(temp.resolve("hive-lib"));
        Files.writeString(lib.resolve("hive-exec-4.1.0.jar"), "hive");
        Files.writeString(lib.resolve("hadoopdb-hive-udf-bridge-1.jar"), "bridge");
        HadoopDbConfig.Builder b = HadoopDbConfig.builder().home(temp.resolve("home")).environment(Map.of())
                .override("hadoopdb.udf.hive-lib", lib.toString())
                .override("hadoopdb.scratch.dir", temp.resolve("scratch").toUri().toString());
        if (cluster) {
            b.override("mapreduce.framework.name", "yarn");
        }
        return b.build();
    }

    @Test
    void aPlanWithoutUserFunctionsChangesNothing() throws Exception {
        Configuration base = new Configuration(false);
        UserFunctionJobs.prepare(base, plan(null), config(true));
        assertThat(base.get(UserFunctionJobs.USED)).isNull();
        assertThat(base.get(MRJobConfig.CACHE_FILES)).isNull();
    }

    @Test
    void localJobsReadTheJarsWhereTheyAre() throws Exception {
        Configuration base = new Configuration(false);
        UserFunctionJobs.prepare(base, plan(List.of("/somewhere/udf.jar")), config(false));
        assertThat(base.getBoolean(UserFunctionJobs.USED, false)).isTrue();
        assertThat(base.get(MRJobConfig.CACHE_FILES)).isNull();
        assertThat(base.get(UdfEnvironment.JOB_HIVE_LIB)).isNull();
    }

    @Test
    void jobsOnAClusterShipHivesJarsAndTheFunctionsJarsThroughTheDistributedCache() throws Exception {
        Path udf = Files.writeString(temp.resolve("my udf.jar"), "classes");
        HadoopDbConfig config = config(true);
        // the query's job configuration is the session's
        Configuration base = new Configuration(config.hadoopConf());
        base.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx1g");
        base.unset(MRJobConfig.REDUCE_JAVA_OPTS);
        base.set(MRJobConfig.MR_AM_COMMAND_OPTS, "-Xmx512m");
        UserFunctionJobs.prepare(base, plan(List.of(udf.toString(), "hdfs://nn:8020/udf/shared.jar")), config);
        assertThat(base.getStrings(UdfEnvironment.JOB_HIVE_LIB))
                .containsExactly("hivelib-0-hadoopdb-hive-udf-bridge-1.jar", "hivelib-1-hive-exec-4.1.0.jar");
        String[] files = base.getStrings(MRJobConfig.CACHE_FILES);
        assertThat(files).hasSize(4);
        assertThat(files[0]).startsWith("file:" + temp.resolve("scratch").resolve("jars") + "/").endsWith("#hivelib-0-hadoopdb-hive-udf-bridge-1.jar");
        assertThat(files[2]).contains("my%20udf.jar").endsWith("#udfjar-0-my udf.jar".replace(" ", "%20"));
        assertThat(files[3]).isEqualTo("hdfs://nn:8020/udf/shared.jar#udfjar-1-shared.jar");
        // the uploaded copy holds the jar's bytes
        assertThat(Files.readString(Path.of(java.net.URI.create(files[2].substring(0, files[2].indexOf('#')))))).isEqualTo("classes");
        // a task finds the links in its directory
        UdfEnvironment task = UdfEnvironment.forTask(base, temp.resolve("task"));
        assertThat(task.hiveLib()).containsExactly(temp.resolve("task/hivelib-0-hadoopdb-hive-udf-bridge-1.jar"),
                temp.resolve("task/hivelib-1-hive-exec-4.1.0.jar"));
        assertThat(task.jars(List.of(udf.toString(), "hdfs://nn:8020/udf/shared.jar")))
                .containsExactly(temp.resolve("task/udfjar-0-my udf.jar"), temp.resolve("task/udfjar-1-shared.jar"));
        assertThat(base.get(MRJobConfig.MAP_JAVA_OPTS)).isEqualTo("-Xmx1g " + UserFunctionJobs.OPENS);
        assertThat(base.get(MRJobConfig.REDUCE_JAVA_OPTS)).isEqualTo(UserFunctionJobs.OPENS);
        // an uber job's tasks run in the application master's JVM
        assertThat(base.get(MRJobConfig.MR_AM_COMMAND_OPTS)).isEqualTo("-Xmx512m " + UserFunctionJobs.OPENS);
    }
}
