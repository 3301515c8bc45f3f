package org.hadoopdb.loader;

import java.time.Duration;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.loader.physical.LoadLock;
import org.hadoopdb.loader.physical.PhysicalNames;

/**
 * Loads data into a table (section 5.2.3 of the HadoopDB paper):
 * <ol>
 *   <li><b>Global Hasher</b>, a map-only MapReduce job: parses and checks every record against the
 *       column types, and writes each node's rows (by the global hash of the key) as binary COPY tuples;
 *   <li><b>Local Hasher and bulk load</b>, one task per node, all nodes at once: splits the node's
 *       rows into its chunks by the second hash and streams them into staging chunk tables with
 *       {@code COPY}; builds indexes (and {@code CLUSTER}s on the sort order); {@code ANALYZE};
 *   <li><b>replication</b>: copies each chunk to its replica nodes, database to database;
 *   <li><b>publication</b>: renames the staging schemas to the new generation's names and publishes
 *       the catalog version that lists them. Until then queries see the previous generation, whole.
 * </ol>
 * A failed or cancelled load (an interrupted calling thread) publishes nothing and drops what it
 * created; the table stays exactly as it was. Records that do not fit their columns go to a reject
 * file with their file and line; past the reject limit the load fails.
 *
 * <p>The jobs run where the configuration says: Hadoop's local runner by default, YARN with
 * {@code mapreduce.framework.name=yarn} (then set {@code hadoopdb.load.work-dir} to an HDFS path).
 *
 * <pre>{@code
 * Loader loader = new Loader(config);
 * LoadReport r = loader.load(LoadSpec.builder("uservisits").input("/data/uservisits").delimiter('|').build(),
 *         p -> System.err.printf("%s %.0f%%%n", p.phase().label(), p.percent()));
 * System.err.print(r.summary());
 * }</pre>
 */
public final class Loader {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Loader.class);

    private final HadoopDbConfig config;
    private final CatalogStore store;

    public Loader(HadoopDbConfig config) {
        this.config = config;
        this.store = config.home().catalogStore();
    }

    /**
     * Runs a load to the end.
     *
     * @throws LoaderException when the load fails or is cancelled; nothing was published then
     */
    public LoadReport load(LoadSpec spec, LoadProgressListener listener) {
        long start = System.nanoTime();
        String name = Names.normalize(spec.table());
        Catalog catalog = store.load();
        TableInfo table = catalog.findTable(name).orElseThrow(() -> new LoaderException("Table '" + spec.table()
                + "' does not exist" + Names.didYouMean(spec.table(), catalog.tableNames()) + "; create it first"));
        if (table.isExternal()) {
            throw new LoaderException("Table '" + table.name() + "' is external: its rows are the files at "
                    + table.location() + ", read where they are; add files there, or load into a table HadoopDB manages"
                    + " (INSERT INTO t SELECT … FROM " + table.name() + ")");
        }
        if (catalog.nodes().isEmpty()) {
            throw new LoaderException("The cluster has no nodes to load table '" + table.name() + "' into");
        }
        String loadId = PhysicalNames.newLoadId();
        Duration lockTimeout = config.get(ConfigKeys.LOAD_LOCK_TIMEOUT);
        try (LoadLock lock = LoadLock.acquire(store.directory(), config.hadoopConf(), table.name(), loadId, "load", lockTimeout,
                config.get(ConfigKeys.LOAD_LOCK_WAIT), LOG::info)) {
            Catalog current = store.load(); // the table as it is now that no one else can load it
            TableInfo now = current.findTable(name).orElseThrow(() -> new LoaderException("Table '" + name
                    + "' was dropped before its load could start"));
            return new LoadRun(config, store, spec, listener, current, now, loadId, start).run();
        }
    }
}
