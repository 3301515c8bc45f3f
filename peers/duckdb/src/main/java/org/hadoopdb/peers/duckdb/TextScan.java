package org.hadoopdb.peers.duckdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerTable;

/**
 * DuckDB's {@code read_csv} call over a table's text files, every dialect option spelled out so that nothing is
 * sniffed: the benchmark's files have no header, no quoting, no escapes, and an empty field is an empty string
 * (there are no NULLs in them).
 */
final class TextScan {
    private TextScan() {
    }

    /** The {@code read_csv(…)} table function reading {@code table}'s files with its columns' types. */
    static String of(PeerTable table) throws IOException {
        String columns = table.columns().stream()
                .map(c -> literal(c.name()) + ": " + literal(typeName(c.type())))
                .collect(Collectors.joining(", ", "{", "}"));
        return "read_csv(" + files(table) + ", delim = " + literal(String.valueOf(table.delimiter()))
                + ", header = false, quote = '', escape = '', auto_detect = false, dateformat = '%Y-%m-%d'"
                // an empty field would be NULL by default: the NULL text is one no field can hold, a line break
                + ", nullstr = " + literal("\n")
                + ", columns = " + columns + ")";
    }

    /** DuckDB's name for a protocol column type. */
    static String typeName(PeerTable.Type type) {
        return switch (type) {
            case STRING -> "VARCHAR";
            case INT -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case DATE -> "DATE";
        };
    }

    /** The table's files as a list literal: every regular file not named {@code _…} or {@code .…}, in name order. */
    private static String files(PeerTable table) throws IOException {
        Path dir = Path.of(table.directory());
        if (!Files.isDirectory(dir)) {
            throw new PeerException("Table " + table.name() + ": " + dir + " is not a directory");
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("_") && !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
        if (files.isEmpty()) {
            throw new PeerException("Table " + table.name() + ": no data files in " + dir);
        }
        return files.stream().map(p -> literal(p.toAbsolutePath().toString())).collect(Collectors.joining(", ", "[", "]"));
    }

    /** A SQL string literal. */
    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** A quoted SQL identifier. */
    static String identifier(String s) {
        return "\"" + s.toLowerCase(Locale.ROOT).replace("\"", "\"\"") + "\"";
    }
}
