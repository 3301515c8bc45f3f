package org.hadoopdb.peers.spark;

import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/** The {@link Variant#PARQUET} tables: a copy of a text table written as Parquet into the session's warehouse. */
final class ParquetCopies {
    private ParquetCopies() {
    }

    /** Reads the text table once and writes it as the Parquet table of the same name, replacing an earlier copy. */
    static void write(SparkSession spark, String table) {
        spark.table(Variant.TEXT.qualify(table)).write()
                .mode(SaveMode.Overwrite)
                .format("parquet")
                .saveAsTable(Variant.PARQUET.qualify(table));
    }

    /** Drops the copy, if any (its text files were redefined). */
    static void drop(SparkSession spark, String table) {
        spark.sql("DROP TABLE IF EXISTS " + Variant.PARQUET.qualify(table));
    }
}
