package org.hadoopdb.datagen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Prepares the output directories of a run and describes what ended up in them.
 *
 * <p>Overwriting only ever deletes files this generator writes ({@code part-NNNNN} and their in-progress
 * names) inside the directories of the tables being generated; any other file stops the run, so a mistyped
 * {@code --out} cannot delete someone's data.
 */
final class OutputDirectories {

    private static final Pattern OUR_FILES = Pattern.compile("\\.?part-\\d{5,}(\\.inprogress)?");

    private OutputDirectories() {
    }

    /** Makes sure each directory is absent or empty, clearing earlier generated parts if {@code overwrite}. */
    static void prepare(Path root, List<String> directories, boolean overwrite) throws IOException {
        for (String name : directories) {
            Path dir = root.resolve(name);
            if (!Files.exists(dir)) {
                continue;
            }
            if (!Files.isDirectory(dir)) {
                throw new IOException(dir + " exists and is not a directory; choose another output directory");
            }
            List<Path> entries = list(dir);
            if (entries.isEmpty()) {
                continue;
            }
            if (!overwrite) {
                throw new IOException(dir + " already holds " + entries.size() + " file(s); pass --overwrite "
                        + "(overwrite(true)) to replace generated data, or choose another output directory");
            }
            for (Path entry : entries) {
                if (!OUR_FILES.matcher(entry.getFileName().toString()).matches() || !Files.isRegularFile(entry)) {
                    throw new IOException("refusing to overwrite " + dir + ": it holds " + entry.getFileName()
                            + ", which this generator did not write; remove it by hand or choose another output directory");
                }
            }
            for (Path entry : entries) {
                Files.delete(entry);
            }
        }
    }

    /** The part files of a directory, in part order, with their total size. */
    static DatasetSummary summarize(Path root, String name, long rows) throws IOException {
        Path dir = root.resolve(name);
        List<Path> files = new ArrayList<>();
        long bytes = 0;
        if (Files.isDirectory(dir)) {
            for (Path p : list(dir)) {
                if (p.getFileName().toString().startsWith("part-")) {
                    files.add(p);
                    bytes += Files.size(p);
                }
            }
        }
        return new DatasetSummary(name, dir, files, rows, bytes);
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
