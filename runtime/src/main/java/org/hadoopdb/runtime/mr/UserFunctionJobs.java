package org.hadoopdb.runtime.mr;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.job.JobClasspath;
import org.hadoopdb.functions.udf.HiveLib;
import org.hadoopdb.functions.udf.UdfEnvironment;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.QueryPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the jars of a query's user functions reach the code that calls them. In this process (the
 * planner, stages in the client, the local runner's tasks) they are read where they are. A job on a
 * cluster ships Hive's jars and the functions' jars to its tasks through the distributed cache, linked
 * into each task's directory but not on its class path (the functions' own class loader reads them),
 * and lists the links in the job configuration ({@link UdfEnvironment#JOB_HIVE_LIB},
 * {@link UdfEnvironment#JOB_JARS}); jars on the cluster's file system are named as they are, local
 * ones uploaded once to the jar cache. The tasks' JVMs, and the application master's (where an uber job
 * runs its tasks), get the one {@code --add-opens} Hive's classes need ({@code java.net}).
 */
public final class UserFunctionJobs {
    private static final Logger LOG = LoggerFactory.getLogger(UserFunctionJobs.class);
    /** Job key: the stages call user functions, so each task installs its environment first. */
    static final String USED = "hadoopdb.job.udf.used";
    static final String OPENS = "--add-opens java.base/java.net=ALL-UNNAMED";

    private UserFunctionJobs() {
    }

    /** Prepares a query's job configuration {@code base} (and this process) for the user functions {@code plan} calls. */
    public static void prepare(Configuration base, QueryPlan plan, HadoopDbConfig config) {
        if (!plan.callsUserFunctions()) {
            return;
        }
        base.setBoolean(USED, true);
        UdfEnvironment.install(UdfEnvironment.of(config));
        if (config.jobsRunLocally()) {
            return;
        }
        List<Path> lib = HiveLib.jars(HiveLib.directory(config));
        List<String> libLinks = new ArrayList<>();
        List<org.apache.hadoop.fs.Path> shipped = JobClasspath.upload(base, lib);
        for (int i = 0; i < lib.size(); i++) {
            String link = "hivelib-" + i + "-" + lib.get(i).getFileName();
            addCacheFile(base, shipped.get(i), link);
            libLinks.add(link);
        }
        Map<String, String> jarLinks = new LinkedHashMap<>();
        UdfEnvironment here = UdfEnvironment.of(config);
        int i = 0;
        for (String jar : plan.functionJars()) {
            String link = "udfjar-" + i++ + "-" + new org.apache.hadoop.fs.Path(jar).getName();
            org.apache.hadoop.fs.Path source = UdfEnvironment.isLocal(jar)
                    ? JobClasspath.upload(base, here.jars(List.of(jar))).get(0) : new org.apache.hadoop.fs.Path(jar);
            addCacheFile(base, source, link);
            jarLinks.put(jar, link);
        }
        base.setStrings(UdfEnvironment.JOB_HIVE_LIB, libLinks.toArray(String[]::new));
        base.set(UdfEnvironment.JOB_JARS, UdfEnvironment.jobJars(jarLinks));
        // an "uber" job (mapreduce.job.ubertask.enable) runs its tasks inside the application master's JVM
        for (String key : List.of(MRJobConfig.MAP_JAVA_OPTS, MRJobConfig.REDUCE_JAVA_OPTS, MRJobConfig.MR_AM_COMMAND_OPTS)) {
            String opts = base.get(key, "");
            if (!opts.contains(OPENS)) {
                base.set(key, (opts + " " + OPENS).trim());
            }
        }
        LOG.info("The query's jobs ship {} of Hive's jars and {} user function jars to their tasks", lib.size(), jarLinks.size());
    }

    /** In a task: the user functions of its generated code find their jars as its job says. */
    public static void installForTask(Configuration jobConf) {
        if (jobConf.getBoolean(USED, false)) {
            UdfEnvironment.install(UdfEnvironment.forTask(jobConf, Path.of("").toAbsolutePath()));
        }
    }

    private static void addCacheFile(Configuration conf, org.apache.hadoop.fs.Path file, String link) {
        URI uri;
        try {
            URI u = file.toUri();
            uri = new URI(u.getScheme(), u.getAuthority(), u.getPath(), null, link);
        } catch (URISyntaxException e) {
            throw new PlannerException("Cannot ship " + file + " to the job's tasks: " + e.getMessage(), e);
        }
        String files = conf.get(MRJobConfig.CACHE_FILES);
        conf.set(MRJobConfig.CACHE_FILES, files == null || files.isEmpty() ? uri.toString() : files + "," + uri);
    }
}
