package org.hadoopdb.hiveql.ast;

import java.util.Map;

/**
 * {@code CREATE (DATABASE|SCHEMA) [IF NOT EXISTS] name [COMMENT 'c'] [LOCATION 'path'] [WITH
 * DBPROPERTIES ('k'='v', …)]}.
 *
 * @param properties the properties in the order written
 */
public record CreateDatabaseStatement(String name, boolean ifNotExists, String comment, String location,
                                      Map<String, String> properties, SourceSpan span) implements Statement {
}
