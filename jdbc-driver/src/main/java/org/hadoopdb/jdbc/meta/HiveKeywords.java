package org.hadoopdb.jdbc.meta;

/** HiveQL's reserved words that SQL:2003 does not reserve: {@code DatabaseMetaData.getSQLKeywords()}. */
final class HiveKeywords {
    static final String NON_SQL2003 = "BUCKETS,CLUSTER,CLUSTERED,COMMENT,DELIMITED,DISTRIBUTE,ESCAPED,EXPLAIN,EXTENDED,"
            + "FIELDS,FORMATTED,FUNCTIONS,INPATH,ITEMS,KEYS,KILL,LIMIT,LINES,LOAD,LOCAL,MAP,OVERWRITE,RLIKE,SERDE,"
            + "SERDEPROPERTIES,SORT,SORTED,STORED,TABLES,TBLPROPERTIES,TERMINATED,USE";

    private HiveKeywords() {
    }
}
