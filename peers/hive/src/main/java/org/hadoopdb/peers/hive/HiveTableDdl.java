package org.hadoopdb.peers.hive;

import java.util.StringJoiner;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerTable;

/** The HiveQL that makes a benchmark table known to Hive, in the database of each variant. */
final class HiveTableDdl {
    private HiveTableDdl() {
    }

    /** {@code CREATE DATABASE} for a variant's database. */
    static String createDatabase(String variant) {
        return "CREATE DATABASE IF NOT EXISTS " + quote(variant);
    }

    /** An external table over the table's text files as they are, in database {@code database}. */
    static String externalText(String database, PeerTable table) {
        StringJoiner columns = new StringJoiner(", ", "(", ")");
        for (PeerTable.Column c : table.columns()) {
            columns.add(quote(c.name()) + " " + type(c.type()));
        }
        return "CREATE EXTERNAL TABLE " + quote(database) + "." + quote(table.name()) + " " + columns
                + " ROW FORMAT DELIMITED FIELDS TERMINATED BY '" + delimiter(table) + "'"
                + " STORED AS TEXTFILE LOCATION '" + literal(table.directory()) + "'";
    }

    /** A copy of {@code from.table} in Hive's ORC format, in database {@code to}: the ORC variant's load. */
    static String orcCopy(String to, String from, String table) {
        return "CREATE TABLE " + quote(to) + "." + quote(table) + " STORED AS ORC AS SELECT * FROM " + quote(from) + "."
                + quote(table);
    }

    /** {@code DROP TABLE}, so that a table defined or loaded again replaces the earlier one. */
    static String drop(String database, String table) {
        return "DROP TABLE IF EXISTS " + quote(database) + "." + quote(table);
    }

    static String type(PeerTable.Type type) {
        return switch (type) {
            case STRING -> "STRING";
            case INT -> "INT";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case DATE -> "DATE";
        };
    }

    /**
     * The delimiter inside a HiveQL string literal: printable characters as themselves, others as Hive's octal escape
     * ({@code '\001'}). Hive's text format splits fields on one byte, so only single-byte characters can delimit.
     */
    private static String delimiter(PeerTable table) {
        char d = table.delimiter();
        if (d > 0x7f) {
            throw new PeerException("Table " + table.name() + ": Hive's text format cannot split fields on U+"
                    + String.format("%04X", (int) d) + ", only on a single-byte (ASCII) delimiter");
        }
        if (d < 0x20 || d == 0x7f || d == '\'' || d == '\\' || d == ';') {
            return String.format("\\%03o", (int) d);
        }
        return String.valueOf(d);
    }

    private static String literal(String text) {
        return text.replace("\\", "\\\\").replace("'", "\\'");
    }

    private static String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }
}
