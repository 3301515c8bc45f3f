package org.hadoopdb.peers.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A table a peer reads: the directory of its delimited text files (every regular file in it whose name does not
 * start with {@code _} or {@code .}), the field delimiter, and its columns. Lines are plain text: no quoting,
 * {@code \N} is not special (the benchmark data has no NULLs), dates are {@code yyyy-MM-dd}.
 *
 * @param name      the table's name in the task SQL (lower case)
 * @param directory absolute path of the directory of text files
 * @param delimiter the field delimiter (a table of one column has none that occurs in its lines)
 * @param columns   the columns in file order
 */
public record PeerTable(String name, String directory, char delimiter, List<Column> columns) {
    /** The column types the benchmarks use; each peer maps them to its own type names. */
    public enum Type {
        STRING, INT, BIGINT, DOUBLE, DATE
    }

    /** A column: its name (lower case) and type. */
    public record Column(String name, Type type) {
    }

    public PeerTable {
        columns = List.copyOf(columns);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("table " + name + " has no columns");
        }
    }

    /** The table as protocol fields: name, directory, the delimiter's code point, then name:TYPE per column. */
    List<String> toFields() {
        List<String> f = new ArrayList<>(List.of(name, directory, Integer.toString(delimiter)));
        for (Column c : columns) {
            f.add(c.name() + ":" + c.type());
        }
        return f;
    }

    static PeerTable fromFields(List<String> f) {
        if (f.size() < 4) {
            throw new PeerException("DEFINE needs name, directory, delimiter and columns: " + f);
        }
        List<Column> columns = new ArrayList<>();
        for (String c : f.subList(3, f.size())) {
            int colon = c.lastIndexOf(':');
            if (colon < 1) {
                throw new PeerException("Column '" + c + "' is not name:TYPE");
            }
            columns.add(new Column(c.substring(0, colon), Type.valueOf(c.substring(colon + 1).toUpperCase(Locale.ROOT))));
        }
        return new PeerTable(f.get(0), f.get(1), (char) Integer.parseInt(f.get(2)), columns);
    }
}
