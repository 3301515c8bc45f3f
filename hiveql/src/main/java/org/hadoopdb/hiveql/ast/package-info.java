/**
 * HiveQL statements as the parser produces them. Queries are Calcite {@code SqlNode} trees (the
 * planner validates and converts them with Calcite); DDL and utility statements are the records
 * here. Every statement keeps its source text and where it starts, for messages.
 */
package org.hadoopdb.hiveql.ast;
