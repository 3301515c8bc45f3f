package org.hadoopdb.catalog;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ColumnStats;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.catalog.partition.ChunkPlacement;
import org.hadoopdb.catalog.partition.Schemes;

/** Catalogs for tests: the paper's UserVisits/Rankings layout on a few nodes. */
public final class CatalogFixtures {
    private CatalogFixtures() {
    }

    public static NodeInfo node(int i) {
        return new NodeInfo("node" + i, "localhost", "jdbc:postgresql://localhost:" + (5430 + i) + "/hadoopdb", "postgres",
                i % 2 == 0 ? CredentialRef.env("PG_NODE" + i + "_PASSWORD") : CredentialRef.NONE, true);
    }

    public static Catalog withNodes(int count) {
        Catalog c = Catalog.empty("test");
        for (int i = 1; i <= count; i++) {
            c = c.withNode(node(i));
        }
        return c;
    }

    public static List<ColumnInfo> userVisitsColumns() {
        return List.of(new ColumnInfo("sourceIP", HiveType.varchar(16)), new ColumnInfo("destURL", HiveType.varchar(100)),
                new ColumnInfo("visitDate", HiveType.DATE), new ColumnInfo("adRevenue", HiveType.FLOAT),
                new ColumnInfo("userAgent", HiveType.varchar(64)), new ColumnInfo("countryCode", HiveType.charType(3)),
                new ColumnInfo("languageCode", HiveType.charType(6)), new ColumnInfo("searchWord", HiveType.varchar(32)),
                new ColumnInfo("duration", HiveType.INT, "seconds"));
    }

    /** A catalog with UserVisits and Rankings co-located on a string-key scheme, loaded (with chunks), and a replicated table. */
    public static Catalog paperLayout(int nodes, int chunksPerNode, int replication) {
        Catalog c = withNodes(nodes);
        PartitioningScheme scheme = Schemes.forLayout(c, List.of(KeyFamily.STRING), chunksPerNode, replication);
        c = c.withScheme(scheme);
        TableInfo uv = TableInfo.created("UserVisits", userVisitsColumns(), Distribution.HASH, scheme.id(),
                List.of("destURL"), List.of("visitDate"), List.of(), List.of(new Property("field.delimiter", "|")));
        TableInfo rankings = TableInfo.created("rankings", List.of(new ColumnInfo("pageRank", HiveType.INT),
                        new ColumnInfo("pageURL", HiveType.varchar(100)), new ColumnInfo("avgDuration", HiveType.INT)),
                Distribution.HASH, scheme.id(), List.of("pageURL"), List.of("pageRank"), List.of(), List.of());
        c = c.withTable(loaded(uv, scheme, 1)).withTable(loaded(rankings, scheme, 1));
        TableInfo countries = TableInfo.created("countries", List.of(new ColumnInfo("code", HiveType.charType(3)),
                new ColumnInfo("name", HiveType.STRING)), Distribution.REPLICATED, null, List.of(), List.of(), List.of(), List.of());
        // a replicated table has one full copy per node (docs/physical-layout.md)
        List<ChunkInfo> copies = new ArrayList<>();
        for (int i = 0; i < c.nodeIds().size(); i++) {
            copies.add(new ChunkInfo(i, "t_countries_g1_r", "countries", c.nodeIds().get(i), List.of(), 250, 16384));
        }
        return c.withTable(countries.withData(copies, new TableStats(250, 16384, List.of()), 1));
    }

    public static TableInfo loaded(TableInfo table, PartitioningScheme scheme, long generation) {
        List<ChunkInfo> chunks = new ArrayList<>();
        for (int i = 0; i < scheme.chunkCount(); i++) {
            List<String> nodes = ChunkPlacement.nodesOf(scheme, i);
            chunks.add(new ChunkInfo(i, String.format("t_%s_g%d_c%04d", table.name(), generation, i), table.name(), nodes.get(0),
                    nodes.subList(1, nodes.size()), 1000 + i, 65536));
        }
        TableStats stats = new TableStats(chunks.stream().mapToLong(ChunkInfo::rows).sum(), 65536L * chunks.size(),
                List.of(new ColumnStats(table.columns().get(0).name(), 1234, 0.0, 12, "a", "z")));
        return table.withData(chunks, stats, generation);
    }
}
