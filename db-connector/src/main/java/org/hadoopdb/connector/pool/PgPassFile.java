package org.hadoopdb.connector.pool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A PostgreSQL password file ({@code ~/.pgpass}): lines {@code host:port:database:user:password},
 * {@code *} matching anything, {@code \:} and {@code \\} escaping, {@code #} comments; the first
 * matching line wins, as in libpq.
 */
public final class PgPassFile {
    private final List<String[]> entries;

    private PgPassFile(List<String[]> entries) {
        this.entries = entries;
    }

    public static PgPassFile read(Path file) throws IOException {
        List<String[]> entries = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = split(line);
            if (fields.length == 5) {
                entries.add(fields);
            }
        }
        return new PgPassFile(entries);
    }

    /** The password for a connection, if a line matches. */
    public Optional<String> lookup(String host, int port, String database, String user) {
        String[] wanted = {host, Integer.toString(port), database, user};
        for (String[] e : entries) {
            boolean match = true;
            for (int i = 0; i < 4 && match; i++) {
                match = e[i].equals("*") || e[i].equals(wanted[i]);
            }
            if (match) {
                return Optional.of(e[4]);
            }
        }
        return Optional.empty();
    }

    private static String[] split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                current.append(line.charAt(++i));
            } else if (c == ':' && fields.size() < 4) {
                fields.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        fields.add(current.toString());
        return fields.toArray(new String[0]);
    }
}
