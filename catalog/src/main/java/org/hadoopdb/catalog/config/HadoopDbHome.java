package org.hadoopdb.catalog.config;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.store.CatalogStore;

/**
 * The layout of a HadoopDB home directory:
 *
 * <pre>
 * &lt;home&gt;/
 *   conf/hadoopdb-site.xml   optional configuration
 *   catalog/                 catalog versions (unless hadoopdb.catalog.path points elsewhere)
 *   nodes/&lt;node-id&gt;/         embedded PostgreSQL data directories and their server logs
 *   scratch/                 Hadoop local dirs and intermediate query results
 *   logs/hadoopdb.log        full log of every command
 *   run/                     locks and leases of processes using the embedded nodes
 * </pre>
 */
public final class HadoopDbHome {
    private final Path root;
    private final HadoopDbConfig config;

    HadoopDbHome(Path root, HadoopDbConfig config) {
        this.root = root;
        this.config = config;
    }

    public Path root() {
        return root;
    }

    public Path confDir() {
        return root.resolve("conf");
    }

    public Path nodesDir() {
        return root.resolve("nodes");
    }

    public Path nodeDir(String nodeId) {
        return nodesDir().resolve(nodeId);
    }

    public Path logsDir() {
        return root.resolve("logs");
    }

    public Path runDir() {
        return root.resolve("run");
    }

    /** Local scratch space ({@code hadoopdb.scratch.dir}). */
    public Path scratchDir() {
        return config.getIfSet(ConfigKeys.SCRATCH_DIR).map(Path::of).orElse(root.resolve("scratch"));
    }

    /** The catalog directory as a Hadoop path ({@code hadoopdb.catalog.path}, default {@code <home>/catalog}). */
    public org.apache.hadoop.fs.Path catalogPath() {
        return config.getIfSet(ConfigKeys.CATALOG_PATH).map(org.apache.hadoop.fs.Path::new)
                .orElse(new org.apache.hadoop.fs.Path(root.resolve("catalog").toUri()));
    }

    /** The catalog store this home's configuration points at. */
    public CatalogStore catalogStore() {
        Configuration conf = config.hadoopConf();
        return new CatalogStore(catalogPath(), conf, config.get(ConfigKeys.CLUSTER_NAME),
                config.get(ConfigKeys.CATALOG_KEEP_VERSIONS));
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
