package org.hadoopdb.hiveql.ast;

/** {@code SHOW TBLPROPERTIES name [('key')]}; {@code key} null for all properties. */
public record ShowTablePropertiesStatement(String table, String key, SourceSpan span) implements Statement {
}
