package org.hadoopdb.catalog.store;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.DatabaseInfo;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;

/**
 * Checks that a catalog is consistent (every reference resolves, chunk layouts match their schemes)
 * and reports every problem at once, each naming the table, column, chunk or node at fault.
 */
public final class CatalogValidator {
    private CatalogValidator() {
    }

    /** @throws CatalogException listing all problems, prefixed with {@code source} */
    public static void validate(Catalog catalog, String source) {
        List<String> problems = problems(catalog);
        if (!problems.isEmpty()) {
            throw new CatalogException("Invalid catalog " + source + ":\n  - " + String.join("\n  - ", problems));
        }
    }

    public static List<String> problems(Catalog catalog) {
        List<String> problems = new ArrayList<>();
        Set<String> nodeIds = new HashSet<>();
        for (NodeInfo n : catalog.nodes()) {
            if (!nodeIds.add(n.id())) {
                problems.add("duplicate node '" + n.id() + "'");
            }
        }
        Set<String> schemeIds = new HashSet<>();
        for (PartitioningScheme s : catalog.schemes()) {
            if (!schemeIds.add(s.id())) {
                problems.add("duplicate partitioning scheme '" + s.id() + "'");
            }
            for (String node : s.nodes()) {
                if (!nodeIds.contains(node)) {
                    problems.add("partitioning scheme '" + s.id() + "' references unknown node '" + node + "'");
                }
            }
            if (new HashSet<>(s.nodes()).size() != s.nodes().size()) {
                problems.add("partitioning scheme '" + s.id() + "' lists a node twice");
            }
        }
        Set<String> databases = new HashSet<>();
        databases.add(Names.DEFAULT_DATABASE);
        for (DatabaseInfo d : catalog.databases()) {
            if (!databases.add(d.name())) {
                problems.add("duplicate database '" + d.name() + "'");
            }
        }
        Set<String> tableNames = new HashSet<>();
        for (TableInfo t : catalog.tables()) {
            if (!tableNames.add(t.name())) {
                problems.add("duplicate table '" + t.name() + "'");
            }
            if (!databases.contains(Names.databaseOf(t.name()))) {
                problems.add("table '" + t.name() + "' is in database '" + Names.databaseOf(t.name()) + "', which does not exist");
            }
            checkTable(catalog, t, nodeIds, problems);
        }
        for (org.hadoopdb.catalog.model.ViewInfo v : catalog.views()) {
            if (!tableNames.add(v.name())) {
                problems.add("view '" + v.name() + "' has the name of another table or view");
            }
            if (!databases.contains(Names.databaseOf(v.name()))) {
                problems.add("view '" + v.name() + "' is in database '" + Names.databaseOf(v.name()) + "', which does not exist");
            }
            if (v.columns().isEmpty()) {
                problems.add("view '" + v.name() + "' has no columns");
            }
        }
        Set<String> functionNames = new HashSet<>();
        for (org.hadoopdb.catalog.model.FunctionInfo f : catalog.functions()) {
            if (!functionNames.add(f.name())) {
                problems.add("duplicate function '" + f.name() + "'");
            }
            if (!databases.contains(Names.databaseOf(f.name()))) {
                problems.add("function '" + f.name() + "' is in database '" + Names.databaseOf(f.name()) + "', which does not exist");
            }
            if (!f.className().matches("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)*")) {
                problems.add("function '" + f.name() + "' has class '" + f.className() + "', which is not a Java class name");
            }
        }
        return problems;
    }

    /** Partition columns are the table's last columns, of a type with one text form; each partition has a value per column. */
    private static void checkPartitions(String where, TableInfo t, List<String> problems) {
        List<String> names = t.columnNames();
        int n = t.partitionColumns().size();
        if (n == 0) {
            if (!t.partitions().isEmpty()) {
                problems.add(where + " is not partitioned but lists partitions");
            }
            return;
        }
        if (n >= names.size() || !names.subList(names.size() - n, names.size()).equals(t.partitionColumns())) {
            problems.add(where + " has partition columns " + t.partitionColumns() + " that are not its last columns"
                    + " (after at least one other column): " + names);
            return;
        }
        for (org.hadoopdb.catalog.model.ColumnInfo c : t.partitionColumnInfos()) {
            if (!org.hadoopdb.catalog.model.PartitionValues.allowed(c.type())) {
                problems.add(where + " has partition column '" + c.name() + "' of type " + c.type() + "; a partition column is "
                        + org.hadoopdb.catalog.model.PartitionValues.allowedTypes());
            }
        }
        for (org.hadoopdb.catalog.model.PartitionInfo p : t.partitions()) {
            if (p.values().size() != n) {
                problems.add(where + " has partition " + p.values() + " with " + p.values().size() + " values for " + n
                        + " partition columns");
            }
        }
    }

    private static void checkTable(Catalog catalog, TableInfo t, Set<String> nodeIds, List<String> problems) {
        String where = "table '" + t.name() + "'";
        if (t.columns().isEmpty()) {
            problems.add(where + " has no columns");
        }
        Set<String> columns = new HashSet<>();
        for (ColumnInfo c : t.columns()) {
            if (!columns.add(c.name())) {
                problems.add(where + " has two columns named '" + c.name() + "'");
            }
        }
        checkColumnsExist(where, "partition key", t.partitionKeys(), columns, problems);
        checkColumnsExist(where, "sort column", t.sortColumns(), columns, problems);
        checkColumnsExist(where, "index column", t.indexColumns(), columns, problems);
        checkPartitions(where, t, problems);

        PartitioningScheme scheme = null;
        switch (t.distribution()) {
            case EXTERNAL -> {
                if (t.scheme() != null || !t.partitionKeys().isEmpty() || !t.chunks().isEmpty() || t.isPartitioned()) {
                    problems.add(where + " is external (files at its location) but has a partitioning scheme, keys, chunks or"
                            + " partitions");
                }
                if (t.property(TableInfo.LOCATION).filter(l -> !l.isBlank()).isEmpty()) {
                    problems.add(where + " is external but has no " + TableInfo.LOCATION + " property");
                }
            }
            case REPLICATED -> {
                if (t.scheme() != null) {
                    problems.add(where + " is replicated but names partitioning scheme '" + t.scheme() + "'");
                }
                if (!t.partitionKeys().isEmpty()) {
                    problems.add(where + " is replicated but has partition keys " + t.partitionKeys());
                }
            }
            case HASH, RANDOM -> {
                if (t.scheme() == null) {
                    problems.add(where + " has distribution " + t.distribution() + " but no partitioning scheme");
                } else {
                    scheme = catalog.findScheme(t.scheme()).orElse(null);
                    if (scheme == null) {
                        problems.add(where + " references unknown partitioning scheme '" + t.scheme() + "'");
                    }
                }
                if (t.distribution() == org.hadoopdb.catalog.model.Distribution.HASH) {
                    checkHashKeys(where, t, scheme, problems);
                } else if (!t.partitionKeys().isEmpty()) {
                    problems.add(where + " has distribution RANDOM but partition keys " + t.partitionKeys());
                } else if (scheme != null && scheme.isHashed()) {
                    problems.add(where + " has distribution RANDOM but hashed scheme '" + scheme.id() + "'");
                }
            }
        }
        checkChunks(where, t, scheme, nodeIds, problems);
    }

    private static void checkHashKeys(String where, TableInfo t, PartitioningScheme scheme, List<String> problems) {
        if (t.partitionKeys().isEmpty()) {
            problems.add(where + " has distribution HASH but no partition key");
            return;
        }
        if (scheme == null) {
            return;
        }
        List<KeyFamily> families = new ArrayList<>();
        for (String key : t.partitionKeys()) {
            t.findColumn(key).ifPresent(c -> families.add(KeyFamily.of(c.type())));
        }
        if (families.size() == t.partitionKeys().size() && !families.equals(scheme.keyFamilies())) {
            problems.add(where + " has partition key types " + families + " but its scheme '" + scheme.id()
                    + "' hashes " + scheme.keyFamilies());
        }
    }

    private static void checkColumnsExist(String where, String role, List<String> names, Set<String> columns,
                                          List<String> problems) {
        for (String n : names) {
            if (!columns.contains(n)) {
                problems.add(where + " names " + role + " '" + n + "', which is not one of its columns");
            }
        }
    }

    private static void checkChunks(String where, TableInfo t, PartitioningScheme scheme, Set<String> nodeIds,
                                    List<String> problems) {
        if (t.chunks().isEmpty()) {
            return;
        }
        if (t.generation() < 1) {
            problems.add(where + " has chunks but generation " + t.generation() + " (a loaded table has generation >= 1)");
        }
        // A replicated table has one copy per node, each a chunk of its own (docs/physical-layout.md).
        int expected = t.isReplicated() ? nodeIds.size() : scheme == null ? -1 : scheme.chunkCount();
        if (expected >= 0 && t.chunks().size() != expected) {
            problems.add(where + " has " + t.chunks().size() + " chunks but its layout has " + expected);
        }
        if (t.isReplicated()) {
            Set<String> holders = new HashSet<>();
            t.chunks().forEach(c -> holders.add(c.primary()));
            if (!holders.equals(nodeIds)) {
                Set<String> missing = new java.util.TreeSet<>(nodeIds);
                missing.removeAll(holders);
                problems.add(where + " is replicated but has no copy on node(s) " + missing);
            }
        }
        Set<Integer> seen = new HashSet<>();
        Set<String> physical = new HashSet<>();
        for (ChunkInfo c : t.chunks()) {
            String chunk = where + " chunk " + c.index();
            if (!seen.add(c.index())) {
                problems.add(where + " has two chunks numbered " + c.index());
            }
            if (expected >= 0 && c.index() >= expected) {
                problems.add(chunk + " is out of range (the layout has " + expected + " chunks)");
            }
            String physicalName = (t.isReplicated() ? c.primary() + ":" : "") + c.schema() + "." + c.table();
            if (t.isReplicated() && !c.replicas().isEmpty()) {
                problems.add(chunk + " is a copy of a replicated table and cannot have replicas " + c.replicas());
            }
            if (!physical.add(physicalName)) {
                problems.add(chunk + " reuses the physical table " + c.schema() + "." + c.table());
            }
            Set<String> holders = new HashSet<>();
            for (String node : c.nodes()) {
                if (!nodeIds.contains(node)) {
                    problems.add(chunk + " references unknown node '" + node + "'");
                }
                if (!holders.add(node)) {
                    problems.add(chunk + " has two copies on node '" + node + "'");
                }
            }
            if (scheme != null && c.nodes().size() != scheme.replication()) {
                problems.add(chunk + " has " + c.nodes().size() + " copies but its scheme '" + scheme.id()
                        + "' has replication " + scheme.replication());
            }
            if (c.rows() < 0 || c.bytes() < 0) {
                problems.add(chunk + " has negative statistics");
            }
        }
    }
}
