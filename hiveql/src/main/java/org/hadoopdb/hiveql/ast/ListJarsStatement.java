package org.hadoopdb.hiveql.ast;

import java.util.List;

/** {@code LIST JAR[S] [path …]}: the session's added jars (those of {@code paths} only, when given). */
public record ListJarsStatement(List<String> paths, SourceSpan span) implements Statement {

    public ListJarsStatement {
        paths = List.copyOf(paths);
    }
}
