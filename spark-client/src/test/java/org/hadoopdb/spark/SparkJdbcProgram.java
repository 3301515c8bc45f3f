package org.hadoopdb.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;

import java.sql.Date;
import java.sql.Timestamp;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.jdbc.JdbcDialects;
import org.hadoopdb.jdbc.client.spark.HadoopDbSparkDialect;

/**
 * The Spark application {@code SparkJdbcIT} (module spark-test) runs in a JVM of its own, against a
 * HadoopDB query server: a partitioned read, pushed filters, LIMIT and top-N through Spark's JDBC
 * catalog, a partitioned read on a DATE column, a {@code query=} with an aggregate, an append and an
 * overwrite, and the same partitioned read without the dialect. It prints each result on
 * standard output as a line {@code RESULT key=value}, for the test to compare with HiveQL's answers;
 * Spark's own logging goes to standard error.
 *
 * <p>Arguments: the server's URL, user, password, the table to read (columns id, v, s, d, ts) and the
 * table to append to (created by Spark).
 */
public final class SparkJdbcProgram {
    static final String DRIVER = "org.hadoopdb.jdbc.HadoopDbDriver";
    private static final Pattern PUSHED = Pattern.compile("(Pushed(?:Filters|Limit|TopN|Aggregates)): (\\[[^\\]]*\\]|[^,]*)");

    private SparkJdbcProgram() {
    }

    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: SparkJdbcProgram url user password table appendTable");
            System.exit(2);
        }
        int status = 0;
        try {
            run(args[0], args[1], args[2], args[3], args[4]);
        } catch (Throwable t) {
            t.printStackTrace();
            status = 1;
        }
        // Spark leaves non-daemon threads behind
        System.exit(status);
    }

    private static void run(String url, String user, String password, String table, String appendTable) {
        Properties props = new Properties();
        props.setProperty("user", user);
        props.setProperty("password", password);
        props.setProperty("driver", DRIVER);
        SparkSession spark = SparkSession.builder().master("local[2]").appName("hadoopdb-spark-jdbc")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                // Spark's JDBC catalog (data source V2), which pushes LIMIT, top-N and aggregates too
                .config("spark.sql.catalog.hadoopdb", "org.apache.spark.sql.execution.datasources.v2.jdbc.JDBCTableCatalog")
                .config("spark.sql.catalog.hadoopdb.url", url)
                .config("spark.sql.catalog.hadoopdb.driver", DRIVER)
                .config("spark.sql.catalog.hadoopdb.user", user)
                .config("spark.sql.catalog.hadoopdb.password", password)
                .getOrCreate();
        try {
            Dataset<Row> partitioned = spark.read().jdbc(url, table, "id", 1, 1000, 4, props);
            // Spark loaded the driver (its driver option) for the read, and the driver registered the dialect
            result("dialect", JdbcDialects.get(url).getClass().getName());
            result("partitioned.partitions", partitioned.rdd().getNumPartitions());
            result("partitioned.count", partitioned.count());

            // partitioned on a DATE column: Spark writes the bounds as date literals in the dialect's spelling
            Dataset<Row> byDate = spark.read().format("jdbc").option("url", url).option("dbtable", table)
                    .option("driver", DRIVER).option("user", user).option("password", password)
                    .option("partitionColumn", "d").option("lowerBound", "2024-01-01").option("upperBound", "2024-05-01")
                    .option("numPartitions", "4").load();
            result("datePartitioned.partitions", byDate.rdd().getNumPartitions());
            result("datePartitioned.count", byDate.count());
            // query= : Spark wraps the statement as a sub-query (SELECT * FROM (…) alias WHERE 1=0 for its schema)
            Dataset<Row> grouped = spark.read().format("jdbc").option("url", url).option("driver", DRIVER)
                    .option("user", user).option("password", password)
                    .option("query", "SELECT s, count(*) AS n, sum(v) AS total FROM " + table + " GROUP BY s").load();
            result("query.rows", grouped.orderBy("s").collectAsList().stream()
                    .map(r -> r.getString(0) + "=" + r.getLong(1) + "/" + r.getLong(2)).toList());

            Dataset<Row> filtered = spark.read().jdbc(url, table, props).filter("v < 190");
            result("filtered.count", filtered.count());
            result("filtered.pushed", pushed(filtered));

            Dataset<Row> quoted = spark.read().jdbc(url, table, props).filter(col("s").equalTo("it's #3"));
            result("quoted.count", quoted.count());
            result("quoted.pushed", pushed(quoted));
            Dataset<Row> prefix = spark.read().jdbc(url, table, props).filter(col("s").startsWith("it's #1"));
            result("prefix.count", prefix.count());
            result("prefix.pushed", pushed(prefix));
            Dataset<Row> dated = spark.read().jdbc(url, table, props).filter(col("d").geq(lit(Date.valueOf("2024-03-01"))));
            result("dated.count", dated.count());
            result("dated.pushed", pushed(dated));
            Dataset<Row> timed = spark.read().jdbc(url, table, props)
                    .filter(col("ts").geq(lit(Timestamp.valueOf("2024-01-01 12:00:00.5"))));
            result("timed.count", timed.count());
            result("timed.min", timed.agg(min("ts")).collectAsList().get(0).getTimestamp(0));
            result("timed.pushed", pushed(timed));

            List<Row> five = spark.read().jdbc(url, table, props).limit(5).collectAsList();
            result("limit.rows", five.size());

            Dataset<Row> topN = spark.table("hadoopdb.default." + table).filter("v < 190").orderBy("v").limit(5).select("v");
            result("topn.values", topN.collectAsList().stream().map(r -> String.valueOf(r.getInt(0))).toList());
            result("topn.pushed", pushed(topN));
            Dataset<Row> limited = spark.table("hadoopdb.default." + table).limit(7);
            result("catalog.limit.rows", limited.collectAsList().size());
            result("catalog.limit.pushed", pushed(limited));
            Dataset<Row> total = spark.table("hadoopdb.default." + table).filter("v < 190").agg(sum("v"));
            result("aggregate.sum", total.collectAsList().get(0).getLong(0));
            result("aggregate.pushed", pushed(total));

            // the table does not exist: Spark creates it (its id column NOT NULL) and inserts in batches from two
            // partitions at once: HadoopDB writes a table one statement at a time, the second waiting for the first
            Dataset<Row> rows = spark.range(0, 100).select(col("id").cast("int").as("id"), col("id").multiply(2).as("twice"),
                    concat(lit("back\\slash "), col("id").mod(2).cast("string")).as("s")).repartition(2);
            rows.write().mode("append").option("numPartitions", "2").jdbc(url, appendTable, props);
            result("append.rows", rows.count());
            // overwrite with truncate: Spark empties the table (TRUNCATE TABLE) and inserts the new rows
            rows.write().mode("append").jdbc(url, appendTable + "_over", props);
            rows.filter("id < 10").write().mode("overwrite").option("truncate", "true").jdbc(url, appendTable + "_over", props);
            result("overwrite.count", spark.read().jdbc(url, appendTable + "_over", props).count());
            Dataset<Row> backslash = spark.read().jdbc(url, appendTable, props).filter(col("s").equalTo("back\\slash 1"));
            result("backslash.count", backslash.count());
            result("backslash.pushed", pushed(backslash));

            // the same partitioned read with Spark's generic SQL: the answer the dialect exists for
            JdbcDialects.unregisterDialect(HadoopDbSparkDialect.INSTANCE);
            result("withoutDialect.partitioned.count", spark.read().jdbc(url, table, "id", 1, 1000, 4, props).count());
            HadoopDbSparkDialect.register();
        } finally {
            spark.stop();
        }
    }

    /** What Spark's physical plan says it pushed into the source, e.g. {@code PushedFilters: [*LessThan(v,190)]}. */
    private static String pushed(Dataset<Row> ds) {
        Matcher m = PUSHED.matcher(ds.queryExecution().executedPlan().toString());
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            out.append(out.isEmpty() ? "" : "; ").append(m.group(1)).append(": ").append(m.group(2).trim());
        }
        return out.toString();
    }

    private static void result(String key, Object value) {
        System.out.println("RESULT " + key + "=" + value);
        System.out.flush();
    }
}
