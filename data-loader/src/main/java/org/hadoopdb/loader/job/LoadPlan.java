package org.hadoopdb.loader.job;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.DatabaseInfo;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.partition.ChunkPlacement;
import org.hadoopdb.catalog.partition.KeyHasher;
import org.hadoopdb.catalog.store.CatalogXml;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.physical.PhysicalNames;
import org.hadoopdb.loader.physical.SchemaTag;

/**
 * Everything the tasks of one load need to know, decided by the driver before the first job and
 * handed to every task through the job configuration: the table as published before the load, the
 * layout the load writes, the nodes, the generation, and the load id that names the staging schemas.
 *
 * <p>Chunk {@code c} of a hashed or random table is local chunk {@code c % chunksPerNode} of node
 * {@code c / chunksPerNode}; a replicated table has one copy per node (chunk index = node position).
 *
 * @param loadId     the load's id (staging schema names and schema tags)
 * @param table      the table as the catalog had it when the load started (its chunks are the previous generation)
 * @param scheme     the layout of the new generation (null for a replicated table)
 * @param nodes      the nodes, in catalog order
 * @param generation the generation this load writes
 * @param overwrite  true to replace the table's rows, false to append to them
 * @param workDir    the load's intermediate directory (a Hadoop path)
 * @param partitions what a load into a partitioned table writes (its {@code replace} drops only those partitions'
 *                   previous rows; {@code overwrite} is then false), or null
 */
public record LoadPlan(String loadId, TableInfo table, PartitioningScheme scheme, List<NodeInfo> nodes, long generation,
                       boolean overwrite, String workDir, org.hadoopdb.loader.PartitionWrite partitions) {

    static final String CATALOG = "hadoopdb.job.load.plan.catalog";
    static final String LOAD_ID = "hadoopdb.job.load.plan.load-id";
    static final String GENERATION = "hadoopdb.job.load.plan.generation";
    static final String OVERWRITE = "hadoopdb.job.load.plan.overwrite";
    static final String WORK_DIR = "hadoopdb.job.load.plan.work-dir";
    static final String SCHEME = "hadoopdb.job.load.plan.scheme";
    static final String STATIC_PARTITION = "hadoopdb.job.load.plan.static-partition";
    static final String WRITTEN_PARTITIONS = "hadoopdb.job.load.plan.written-partitions";
    static final String REPLACE_PARTITIONS = "hadoopdb.job.load.plan.replace-partitions";

    public LoadPlan {
        nodes = List.copyOf(nodes);
        if (table.isReplicated() != (scheme == null)) {
            throw new LoaderException("Table '" + table.name() + "': a replicated table has no partitioning scheme, others need one");
        }
        if (!table.isPartitioned() && partitions != null) {
            throw new LoaderException("Table '" + table.name() + "' is not partitioned: a load into it names no partition");
        }
        if (partitions != null && !partitions.staticValues().isEmpty()
                && partitions.staticValues().size() != table.partitionColumns().size()) {
            throw new LoaderException("Table '" + table.name() + "' is partitioned by " + table.partitionColumns() + ": "
                    + partitions.staticValues().size() + " partition value(s) given");
        }
        if (table.isPartitioned() && (partitions == null || overwrite)) {
            throw new LoaderException("Table '" + table.name() + "' is partitioned by " + table.partitionColumns()
                    + ": a load into it names its partitions (PARTITION (…))");
        }
    }

    /**
     * The values of the partition columns appended to every text record, in canonical text (empty when the
     * records carry them, or the table is not partitioned).
     */
    public List<String> staticPartitionValues() {
        return partitions == null ? List.of() : partitions.staticValues();
    }

    /** The partitions whose previous rows the new generation does not keep. */
    public List<org.hadoopdb.catalog.model.PartitionInfo> replacedPartitions() {
        return partitions == null ? List.of() : partitions.replaced();
    }

    public boolean isReplicated() {
        return table.isReplicated();
    }

    public boolean isHashed() {
        return table.distribution() == Distribution.HASH;
    }

    /** Chunks of the new generation (one per node for a replicated table). */
    public int chunkCount() {
        return isReplicated() ? nodes.size() : scheme.chunkCount();
    }

    /** Chunks per node (1 for a replicated table). */
    public int chunksPerNode() {
        return isReplicated() ? 1 : scheme.chunksPerNode();
    }

    public int replication() {
        return isReplicated() ? 1 : scheme.replication();
    }

    /** The primary node position of chunk {@code chunk}. */
    public int primaryOf(int chunk) {
        return isReplicated() ? chunk : chunk / scheme.chunksPerNode();
    }

    /** The chunks whose primary copy node {@code nodePos} loads. */
    public List<Integer> chunksOfNode(int nodePos) {
        List<Integer> out = new ArrayList<>();
        int per = chunksPerNode();
        for (int l = 0; l < per; l++) {
            out.add(isReplicated() ? nodePos : nodePos * per + l);
        }
        return out;
    }

    /** Node ids holding chunk {@code chunk}, primary first. */
    public List<String> nodesOf(int chunk) {
        return isReplicated() ? List.of(nodes.get(chunk).id()) : ChunkPlacement.nodesOf(scheme, chunk);
    }

    /** The chunks node {@code nodePos} holds as a replica (not as primary). */
    public List<Integer> replicasOnNode(int nodePos) {
        List<Integer> out = new ArrayList<>();
        if (isReplicated() || scheme.replication() < 2) {
            return out;
        }
        String id = nodes.get(nodePos).id();
        for (int c = 0; c < chunkCount(); c++) {
            List<String> holders = nodesOf(c);
            if (holders.subList(1, holders.size()).contains(id)) {
                out.add(c);
            }
        }
        return out;
    }

    public int nodePosition(String nodeId) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).id().equals(nodeId)) {
                return i;
            }
        }
        throw new LoaderException("Node '" + nodeId + "' is not among the nodes of load " + loadId);
    }

    public String stagingSchema(int chunk) {
        return isReplicated() ? PhysicalNames.stagingReplicatedSchema(table.name(), loadId)
                : PhysicalNames.stagingChunkSchema(table.name(), loadId, chunk);
    }

    public String finalSchema(int chunk) {
        return isReplicated() ? PhysicalNames.replicatedSchema(table.name(), generation)
                : PhysicalNames.chunkSchema(table.name(), generation, chunk);
    }

    public SchemaTag tag() {
        return new SchemaTag(loadId, table.name(), generation);
    }

    /**
     * When appending (or replacing some partitions), the schema of the previous generation's copy of
     * {@code chunk} on node {@code nodeId}, whose rows the new generation starts from (less those of
     * {@link #replacedPartitions()}); empty when overwriting or when the table was never loaded.
     */
    public Optional<String> previousSchema(int chunk, String nodeId) {
        if (overwrite || table.generation() == 0 || table.chunks().isEmpty()) {
            return Optional.empty();
        }
        for (ChunkInfo c : table.chunks()) {
            boolean same = isReplicated() ? c.primary().equals(nodeId) : c.index() == chunk && c.nodes().contains(nodeId);
            if (same) {
                return Optional.of(c.schema());
            }
        }
        throw new LoaderException("Table '" + table.name() + "' generation " + table.generation() + " has no copy of chunk "
                + chunk + " on node " + nodeId + " to append to; reload it with OVERWRITE");
    }

    /** Positions of the partitioning key columns in the table. */
    public int[] keyColumns() {
        int[] out = new int[table.partitionKeys().size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = table.columnIndex(table.partitionKeys().get(i));
        }
        return out;
    }

    /** The key hasher of a hashed table. */
    public KeyHasher keyHasher() {
        List<HiveType> types = new ArrayList<>();
        for (int k : keyColumns()) {
            types.add(table.columns().get(k).type());
        }
        return new KeyHasher(scheme, types);
    }

    /** Sort columns to index in descending order ({@code SORTED BY (c DESC)}). */
    public Set<String> descendingSortColumns() {
        Set<String> out = new HashSet<>();
        table.property(org.hadoopdb.loader.table.TableProperties.SORT_DESCENDING).ifPresent(v -> {
            for (String s : v.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.trim().toLowerCase(Locale.ROOT));
                }
            }
        });
        return out;
    }

    public List<ColumnInfo> columns() {
        return table.columns();
    }

    /** The table's database, when it is not {@code default}: the catalog the job reads must name it. */
    private static List<DatabaseInfo> databaseOf(TableInfo table) {
        String database = Names.databaseOf(table.name());
        return database.equals(Names.DEFAULT_DATABASE) ? List.of() : List.of(new DatabaseInfo(database, null, null, null));
    }

    /** Stores the plan in a job configuration. */
    public void store(Configuration conf) {
        Catalog mini = new Catalog(Catalog.FORMAT_VERSION, 0, "load", null, null, nodes,
                scheme == null ? List.of() : List.of(scheme), List.of(table), List.of(), databaseOf(table));
        conf.set(CATALOG, CatalogXml.toXml(mini));
        conf.set(LOAD_ID, loadId);
        conf.setLong(GENERATION, generation);
        conf.setBoolean(OVERWRITE, overwrite);
        conf.set(WORK_DIR, workDir);
        if (scheme != null) {
            conf.set(SCHEME, scheme.id());
        }
        if (partitions != null) {
            conf.set(STATIC_PARTITION, org.hadoopdb.loader.PartitionWrite.encodeValues(partitions.staticValues()));
            conf.set(WRITTEN_PARTITIONS, org.hadoopdb.loader.PartitionWrite.encode(partitions.written()));
            conf.setBoolean(REPLACE_PARTITIONS, partitions.replace());
        }
    }

    /** The plan a task finds in its job configuration. */
    public static LoadPlan load(Configuration conf) {
        String xml = conf.get(CATALOG);
        if (xml == null) {
            throw new LoaderException("The job configuration has no load plan (" + CATALOG + "): was the job set up by the Loader?");
        }
        Catalog mini = CatalogXml.fromXml(xml, "the load plan in the job configuration");
        String schemeId = conf.get(SCHEME);
        PartitioningScheme scheme = schemeId == null ? null : mini.scheme(schemeId);
        return new LoadPlan(conf.get(LOAD_ID), mini.tables().get(0), scheme, mini.nodes(), conf.getLong(GENERATION, 1),
                conf.getBoolean(OVERWRITE, false), conf.get(WORK_DIR), conf.get(WRITTEN_PARTITIONS) == null ? null
                : new org.hadoopdb.loader.PartitionWrite(org.hadoopdb.loader.PartitionWrite.decodeValues(conf.get(STATIC_PARTITION)),
                        org.hadoopdb.loader.PartitionWrite.decode(conf.get(WRITTEN_PARTITIONS)), conf.getBoolean(REPLACE_PARTITIONS, false)));
    }
}
