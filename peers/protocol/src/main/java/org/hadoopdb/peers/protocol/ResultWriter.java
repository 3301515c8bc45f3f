package org.hadoopdb.peers.protocol;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Writes a query's rows to its result file, one {@link Fields} line per row, and counts them. */
public final class ResultWriter implements AutoCloseable {
    private final BufferedWriter out;
    private final StringBuilder line = new StringBuilder();
    private long rows;

    public ResultWriter(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    /** One row, its values as text (null for NULL). */
    public void row(String... values) {
        line.setLength(0);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                line.append('\t');
            }
            Fields.appendEscaped(line, values[i]);
        }
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the row " + Arrays.toString(values), e);
        }
        rows++;
    }

    public long rows() {
        return rows;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
