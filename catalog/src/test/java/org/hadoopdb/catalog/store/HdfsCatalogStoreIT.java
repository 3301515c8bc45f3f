package org.hadoopdb.catalog.store;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The catalog contract on a real HDFS (one-datanode MiniDFSCluster): hdfs:// paths work unchanged. */
class HdfsCatalogStoreIT extends CatalogStoreContract {
    private static MiniDFSCluster cluster;
    private static int dirs;

    @BeforeAll
    static void startHdfs() throws Exception {
        Configuration conf = new Configuration();
        File base = new File("target/minidfs-" + System.nanoTime()).getAbsoluteFile();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getPath());
        cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        cluster.waitActive();
    }

    @AfterAll
    static void stopHdfs() {
        if (cluster != null) {
            cluster.shutdown(true);
        }
    }

    @Override
    protected Path newCatalogDir() {
        return new Path(cluster.getURI().toString() + "/hadoopdb/catalog" + dirs++);
    }

    @Override
    protected Configuration conf() {
        return cluster.getConfiguration(0);
    }
}
