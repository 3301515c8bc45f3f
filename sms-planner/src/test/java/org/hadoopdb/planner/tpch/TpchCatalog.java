package org.hadoopdb.planner.tpch;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.catalog.partition.Schemes;

/**
 * The TPC-H tables laid out as HadoopDB keeps them: lineitem and orders co-located on the order key,
 * part and partsupp on the part key, customer and supplier on their keys, nation and region
 * replicated; with chunks and row counts of scale factor 1, for plan tests.
 */
public final class TpchCatalog {
    private TpchCatalog() {
    }

    public static Catalog of(int nodes, int chunksPerNode) {
        Catalog c = CatalogFixtures.withNodes(nodes);
        PartitioningScheme ints = Schemes.forLayout(c, List.of(KeyFamily.INTEGER), chunksPerNode, 1);
        c = c.withScheme(ints);
        c = hashed(c, ints, "lineitem", "l_orderkey", 6_000_000, "l_orderkey bigint, l_partkey bigint, l_suppkey bigint, "
                + "l_linenumber int, l_quantity decimal(15,2), l_extendedprice decimal(15,2), l_discount decimal(15,2), "
                + "l_tax decimal(15,2), l_returnflag string, l_linestatus string, l_shipdate date, l_commitdate date, "
                + "l_receiptdate date, l_shipinstruct string, l_shipmode string, l_comment string");
        c = hashed(c, ints, "orders", "o_orderkey", 1_500_000, "o_orderkey bigint, o_custkey bigint, o_orderstatus string, "
                + "o_totalprice decimal(15,2), o_orderdate date, o_orderpriority string, o_clerk string, o_shippriority int, "
                + "o_comment string");
        c = hashed(c, ints, "customer", "c_custkey", 150_000, "c_custkey bigint, c_name string, c_address string, "
                + "c_nationkey int, c_phone string, c_acctbal decimal(15,2), c_mktsegment string, c_comment string");
        c = hashed(c, ints, "part", "p_partkey", 200_000, "p_partkey bigint, p_name string, p_mfgr string, p_brand string, "
                + "p_type string, p_size int, p_container string, p_retailprice decimal(15,2), p_comment string");
        c = hashed(c, ints, "partsupp", "ps_partkey", 800_000, "ps_partkey bigint, ps_suppkey bigint, ps_availqty int, "
                + "ps_supplycost decimal(15,2), ps_comment string");
        c = hashed(c, ints, "supplier", "s_suppkey", 10_000, "s_suppkey bigint, s_name string, s_address string, "
                + "s_nationkey int, s_phone string, s_acctbal decimal(15,2), s_comment string");
        c = replicated(c, "nation", 25, "n_nationkey int, n_name string, n_regionkey int, n_comment string");
        c = replicated(c, "region", 5, "r_regionkey int, r_name string, r_comment string");
        return c;
    }

    private static List<ColumnInfo> columns(String spec) {
        List<ColumnInfo> out = new ArrayList<>();
        for (String column : spec.split(",\\s*(?![^()]*\\))")) {
            String[] parts = column.trim().split("\\s+", 2);
            out.add(new ColumnInfo(parts[0], HiveType.parse(parts[1])));
        }
        return out;
    }

    private static Catalog hashed(Catalog c, PartitioningScheme scheme, String name, String key, long rows, String spec) {
        TableInfo t = TableInfo.created(name, columns(spec), Distribution.HASH, scheme.id(), List.of(key), List.of(), List.of(),
                List.of());
        TableInfo loaded = CatalogFixtures.loaded(t, scheme, 1);
        List<ChunkInfo> chunks = new ArrayList<>();
        long perChunk = rows / scheme.chunkCount();
        for (ChunkInfo ch : loaded.chunks()) {
            chunks.add(new ChunkInfo(ch.index(), ch.schema(), ch.table(), ch.primary(), ch.replicas(), perChunk, perChunk * 120));
        }
        return c.withTable(loaded.withData(chunks, new TableStats(rows, rows * 120, List.of()), 1));
    }

    private static Catalog replicated(Catalog c, String name, long rows, String spec) {
        TableInfo t = TableInfo.created(name, columns(spec), Distribution.REPLICATED, null, List.of(), List.of(), List.of(),
                List.of());
        List<ChunkInfo> copies = new ArrayList<>();
        for (int i = 0; i < c.nodeIds().size(); i++) {
            copies.add(new ChunkInfo(i, "t_" + name + "_g1_r", name, c.nodeIds().get(i), List.of(), rows, rows * 100));
        }
        return c.withTable(t.withData(copies, new TableStats(rows, rows * 100, List.of()), 1));
    }
}
