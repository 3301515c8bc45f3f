package org.hadoopdb.hiveql.ast;

/** A {@code SORTED BY} column with its direction. */
public record SortColumn(String name, boolean ascending) {
}
