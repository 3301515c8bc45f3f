package org.hadoopdb.hiveql.ast;

/** A column in {@code CREATE TABLE}: lower-case name, HiveQL type spelling (e.g. {@code decimal(10,2)}), optional comment. */
public record ColumnDef(String name, String type, String comment) {
}
