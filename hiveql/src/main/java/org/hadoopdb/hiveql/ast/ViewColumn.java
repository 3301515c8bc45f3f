package org.hadoopdb.hiveql.ast;

/** A column in {@code CREATE VIEW v (name [COMMENT '…'], …)}: lower-case name, optional comment. */
public record ViewColumn(String name, String comment) {
}
