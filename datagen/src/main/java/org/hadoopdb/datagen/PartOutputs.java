package org.hadoopdb.datagen;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The files of one part. Each is written under a hidden in-progress name (Hadoop and Hive skip names that
 * start with a dot) and renamed to {@code part-NNNNN} only when the whole part succeeded, so an interrupted
 * run never leaves a truncated file that looks finished.
 */
final class PartOutputs implements AutoCloseable {

    private final Path root;
    private final int part;
    private final AtomicLong bytesCounter;
    private final List<AsciiOutput> outputs = new ArrayList<>();
    private final List<Path[]> renames = new ArrayList<>();

    PartOutputs(Path root, int part, AtomicLong bytesCounter) {
        this.root = root;
        this.part = part;
        this.bytesCounter = bytesCounter;
    }

    /** The file name of part {@code part}. */
    static String fileName(int part) {
        return String.format(Locale.ROOT, "part-%05d", part);
    }

    /** Opens this part's file in the directory {@code directory} (relative to the output root). */
    AsciiOutput open(String directory) throws IOException {
        Path dir = root.resolve(directory);
        Files.createDirectories(dir);
        Path target = dir.resolve(fileName(part));
        Path temp = dir.resolve("." + fileName(part) + ".inprogress");
        AsciiOutput out = new AsciiOutput(new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16), bytesCounter);
        outputs.add(out);
        renames.add(new Path[] {temp, target});
        return out;
    }

    /** Closes every file and gives it its final name. */
    void commit() throws IOException {
        closeAll();
        for (Path[] rename : renames) {
            Files.move(rename[0], rename[1], StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        renames.clear();
    }

    /** Closes and deletes whatever was not committed. */
    @Override
    public void close() throws IOException {
        try {
            closeAll();
        } finally {
            for (Path[] rename : renames) {
                Files.deleteIfExists(rename[0]);
            }
            renames.clear();
        }
    }

    private void closeAll() throws IOException {
        IOException failure = null;
        for (AsciiOutput out : outputs) {
            try {
                out.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        outputs.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
