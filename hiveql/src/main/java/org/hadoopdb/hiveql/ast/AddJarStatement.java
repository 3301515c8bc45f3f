package org.hadoopdb.hiveql.ast;

import java.util.List;

/** {@code ADD JAR[S] path [path …]}: jars the session's user functions are loaded from (a local path or any Hadoop file system URI). */
public record AddJarStatement(List<String> paths, SourceSpan span) implements Statement {

    public AddJarStatement {
        paths = List.copyOf(paths);
    }
}
