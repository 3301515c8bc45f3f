package org.hadoopdb.benchmarks.tpch;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.postgresql.PGConnection;

/**
 * TPC-H on HadoopDB and on one PostgreSQL, laid out the same way for the differential test and the
 * benchmark: part, supplier, partsupp, customer, orders and lineitem hash-partitioned on their first
 * key (lineitem and orders co-located on the order key, part and partsupp on the part key), nation
 * and region replicated; the single database gets the indexes its correlated sub-queries need.
 */
public final class TpchSetup {
    /** The eight tables in HiveQL column syntax, in load order. */
    public static final Map<String, String> TABLES;
    /** The partitioning key of each hashed table (the others are replicated). */
    public static final Map<String, String> KEYS = Map.of("part", "p_partkey", "supplier", "s_suppkey", "partsupp", "ps_partkey",
            "customer", "c_custkey", "orders", "o_orderkey", "lineitem", "l_orderkey");
    /**
     * The columns indexed in every chunk: the single database's indexes ({@link #loadReference}), one column each (the
     * chunk statements of Q2, Q17 and Q20 look up parts by key, filtered by an earlier stage's keys).
     */
    public static final Map<String, String> INDEXES = Map.of("part", "p_partkey", "supplier", "s_suppkey", "partsupp", "ps_partkey",
            "customer", "c_custkey", "orders", "o_orderkey, o_custkey", "lineitem", "l_orderkey, l_partkey");

    static {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("nation", "n_nationkey int, n_name string, n_regionkey int, n_comment string");
        t.put("region", "r_regionkey int, r_name string, r_comment string");
        t.put("part", "p_partkey bigint, p_name string, p_mfgr string, p_brand string, p_type string, p_size int, "
                + "p_container string, p_retailprice decimal(15,2), p_comment string");
        t.put("supplier", "s_suppkey bigint, s_name string, s_address string, s_nationkey int, s_phone string, "
                + "s_acctbal decimal(15,2), s_comment string");
        t.put("partsupp", "ps_partkey bigint, ps_suppkey bigint, ps_availqty int, ps_supplycost decimal(15,2), ps_comment string");
        t.put("customer", "c_custkey bigint, c_name string, c_address string, c_nationkey int, c_phone string, "
                + "c_acctbal decimal(15,2), c_mktsegment string, c_comment string");
        t.put("orders", "o_orderkey bigint, o_custkey bigint, o_orderstatus string, o_totalprice decimal(15,2), "
                + "o_orderdate date, o_orderpriority string, o_clerk string, o_shippriority int, o_comment string");
        t.put("lineitem", "l_orderkey bigint, l_partkey bigint, l_suppkey bigint, l_linenumber int, l_quantity decimal(15,2), "
                + "l_extendedprice decimal(15,2), l_discount decimal(15,2), l_tax decimal(15,2), l_returnflag string, "
                + "l_linestatus string, l_shipdate date, l_commitdate date, l_receiptdate date, l_shipinstruct string, "
                + "l_shipmode string, l_comment string");
        TABLES = Collections.unmodifiableMap(t);
    }

    private TpchSetup() {
    }

    /** The 22 queries in HiveQL, in order. */
    public static List<SourceSpan> queries() throws IOException {
        try (InputStream in = TpchSetup.class.getResourceAsStream("/org/hadoopdb/hiveql/parse/tpch.hql")) {
            if (in == null) {
                throw new IOException("The TPC-H queries (org/hadoopdb/hiveql/parse/tpch.hql) are not on the class path");
            }
            return Session.split(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Creates the tables afresh with {@code buckets} chunks each and loads the generated files in {@code data}. */
    public static void loadHadoopDb(Session session, Path data, int buckets) {
        for (Map.Entry<String, String> t : TABLES.entrySet()) {
            String key = KEYS.get(t.getKey());
            session.execute("DROP TABLE IF EXISTS " + t.getKey(), StatementListener.NONE);
            session.execute("CREATE TABLE " + t.getKey() + " (" + t.getValue() + ") "
                    + (key == null ? "" : "CLUSTERED BY (" + key + ") INTO " + buckets + " BUCKETS ")
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'"
                    + (key == null ? " TBLPROPERTIES ('hadoopdb.distribution'='replicated')"
                    : " TBLPROPERTIES ('hadoopdb.index-columns'='" + INDEXES.get(t.getKey()) + "')"), StatementListener.NONE);
            session.execute("LOAD DATA LOCAL INPATH '" + data.resolve(t.getKey()) + "' INTO TABLE " + t.getKey(), StatementListener.NONE);
        }
    }

    /** Creates {@code schema} on one PostgreSQL, copies every table into it, indexes and analyzes it. */
    public static void loadReference(Connection c, String schema, Path data) throws SQLException, IOException {
        try (Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            st.execute("CREATE SCHEMA " + schema);
            for (Map.Entry<String, String> t : TABLES.entrySet()) {
                // HiveQL compares strings by code point, as the C collation does
                String columns = t.getValue().replace(" string", " text COLLATE \"C\"");
                st.execute("CREATE TABLE " + schema + "." + t.getKey() + " (" + columns + ")");
                try (Stream<Path> parts = Files.list(data.resolve(t.getKey()))) {
                    for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
                        try (Reader in = Files.newBufferedReader(p)) {
                            c.unwrap(PGConnection.class).getCopyAPI().copyIn(
                                    "COPY " + schema + "." + t.getKey() + " FROM STDIN WITH (FORMAT text, DELIMITER '|')", in);
                        }
                    }
                }
                st.execute("ANALYZE " + schema + "." + t.getKey());
            }
            // PostgreSQL runs correlated sub-queries (Q2, Q17, Q20, Q22) once per outer row: index their lookups
            for (String index : List.of("lineitem (l_partkey, l_suppkey)", "lineitem (l_orderkey)", "partsupp (ps_partkey, ps_suppkey)",
                    "part (p_partkey)", "supplier (s_suppkey)", "customer (c_custkey)", "orders (o_orderkey)", "orders (o_custkey)")) {
                st.execute("CREATE INDEX ON " + schema + "." + index);
            }
        }
    }

    /**
     * The HiveQL text as PostgreSQL spells it: decimal literals without BD, quoted names, year() as
     * extract(), Q4's semi-join as EXISTS, and averages rounded to Hive's scale (avg of DECIMAL(15,2) is
     * DECIMAL(19,6) in Hive; PostgreSQL keeps every digit).
     */
    public static String postgresSpelling(String hive) {
        String pg = hive.replaceAll("(\\d+\\.\\d+)BD", "$1").replace('`', '"')
                .replaceAll("year\\(([^()]*)\\)", "extract(year from $1)")
                .replaceAll("avg\\(([^()]*)\\)", "round(avg($1), 6)")
                // Q8: Hive divides DECIMAL(38,4) sums into DECIMAL(38,6) (precision capped at 38, scale kept at 6)
                .replace("sum(CASE WHEN nation = 'BRAZIL' THEN volume ELSE 0 END) / sum(volume)",
                        "round(sum(CASE WHEN nation = 'BRAZIL' THEN volume ELSE 0 END) / sum(volume), 6)");
        return pg.replaceAll("(?s)FROM orders LEFT SEMI JOIN lineitem ON (.*?)\\s*\\nWHERE ",
                "FROM orders WHERE EXISTS (SELECT 1 FROM lineitem WHERE $1) AND ");
    }
}
