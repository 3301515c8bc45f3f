package org.hadoopdb.peers.protocol;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Reads a result file a peer's {@link ResultWriter} wrote, row by row. */
public final class ResultReader {
    private ResultReader() {
    }

    /** Hands each row's values (null for NULL) to {@code row}, in the file's order. */
    public static void read(Path file, Consumer<List<String>> row) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                row.accept(Fields.split(line));
            }
        }
    }
}
