package org.hadoopdb.datagen;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reading generated files back in tests. */
final class TestFiles {

    private TestFiles() {
    }

    /** The part files of a directory in part order. */
    static List<Path> parts(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The concatenated bytes of all parts of a directory. */
    static byte[] concatenated(Path dir) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Path p : parts(dir)) {
            try {
                all.write(Files.readAllBytes(p));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return all.toByteArray();
    }

    /** All lines of all parts of a directory. */
    static List<String> lines(Path dir) {
        List<String> lines = new ArrayList<>();
        for (Path p : parts(dir)) {
            try {
                lines.addAll(Files.readAllLines(p, StandardCharsets.US_ASCII));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return lines;
    }

    /** Undoes the PostgreSQL COPY text escaping of one field. */
    static String unescape(String field) {
        StringBuilder b = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char next = field.charAt(++i);
            switch (next) {
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                default -> b.append(next);
            }
        }
        return b.toString();
    }

    /** Splits a line at unescaped '|' characters (fields keep their escapes). */
    static List<String> splitEscaped(String line) {
        List<String> fields = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '|') {
                fields.add(line.substring(start, i));
                start = i + 1;
            }
        }
        fields.add(line.substring(start));
        return fields;
    }
}
