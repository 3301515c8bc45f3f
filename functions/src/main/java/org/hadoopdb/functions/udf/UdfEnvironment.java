package org.hadoopdb.functions.udf;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.config.HadoopDbConfig;

/**
 * Where user functions' jars are in this process: Hive's jars (with the bridge) and each user jar's
 * local file. The planner and the tasks of the local runner read them where the configuration says;
 * a YARN task reads the copies its job's distributed cache put in its working directory, which the
 * job configuration lists ({@link #JOB_HIVE_LIB}, {@link #JOB_JARS}).
 *
 * <p>A task installs its environment before it builds its operators ({@link #install}); the
 * generated code's {@link UserFunctionCall}s take it from there ({@link #current}), once per task.
 */
public final class UdfEnvironment {
    /** Job key: the link names (in the task's directory) of Hive's jars, when the job ships them. */
    public static final String JOB_HIVE_LIB = "hadoopdb.job.udf.hive-lib";
    /** Job key: {@code jar=link} pairs (the jar as written, URL-encoded) of the user jars the job ships. */
    public static final String JOB_JARS = "hadoopdb.job.udf.jars";

    private static volatile UdfEnvironment installed;

    private final Supplier<List<Path>> hiveLib;
    private final Map<String, Path> shipped;
    private final Configuration conf;

    private UdfEnvironment(Supplier<List<Path>> hiveLib, Map<String, Path> shipped, Configuration conf) {
        this.hiveLib = hiveLib;
        this.shipped = Map.copyOf(shipped);
        this.conf = conf;
    }

    /** Where the planner and the jobs of this machine find the jars: the configuration's Hive lib, jars where they are. */
    public static UdfEnvironment of(HadoopDbConfig config) {
        return new UdfEnvironment(() -> HiveLib.jars(HiveLib.directory(config)), Map.of(), config.hadoopConf());
    }

    /**
     * A task's environment: the shipped copies when its job lists them, else as {@link #of}.
     *
     * @param workingDirectory where the distributed cache links the shipped files (the task's directory)
     */
    public static UdfEnvironment forTask(Configuration jobConf, Path workingDirectory) {
        String[] lib = jobConf.getStrings(JOB_HIVE_LIB);
        Map<String, Path> shipped = new LinkedHashMap<>();
        for (String pair : jobConf.getTrimmedStringCollection(JOB_JARS)) {
            int eq = pair.lastIndexOf('=');
            shipped.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8), workingDirectory.resolve(pair.substring(eq + 1)));
        }
        if (lib == null || lib.length == 0) {
            HadoopDbConfig config = HadoopDbConfig.of(jobConf);
            return new UdfEnvironment(() -> HiveLib.jars(HiveLib.directory(config)), shipped, jobConf);
        }
        List<Path> jars = new ArrayList<>();
        for (String link : lib) {
            jars.add(workingDirectory.resolve(link.trim()));
        }
        return new UdfEnvironment(() -> List.copyOf(jars), shipped, jobConf);
    }

    /** The value of {@link #JOB_JARS} for these jar → link pairs. */
    public static String jobJars(Map<String, String> links) {
        List<String> pairs = new ArrayList<>();
        links.forEach((jar, link) -> pairs.add(URLEncoder.encode(jar, StandardCharsets.UTF_8) + "=" + link));
        return String.join(",", pairs);
    }

    /** Whether a jar as written is a file on this machine (no scheme, or {@code file:}) rather than on a shared file system. */
    public static boolean isLocal(String jar) {
        return JarFiles.isLocal(jar);
    }

    /** Makes {@code env} the one this process's tasks evaluate user functions with. */
    public static void install(UdfEnvironment env) {
        installed = env;
    }

    /** The installed environment, or the default configuration's when no task installed one. */
    public static UdfEnvironment current() {
        UdfEnvironment env = installed;
        if (env == null) {
            env = of(HadoopDbConfig.of(new Configuration()));
            installed = env;
        }
        return env;
    }

    /** Hive's jars and the bridge, in class path order. */
    public List<Path> hiveLib() {
        return hiveLib.get();
    }

    /** The local files of {@code jars} (as written), in order. */
    public List<Path> jars(Collection<String> jars) {
        List<Path> out = new ArrayList<>();
        for (String jar : jars) {
            Path copy = shipped.get(jar);
            out.add(copy != null ? copy : JarFiles.local(jar, conf));
        }
        return out;
    }
}
