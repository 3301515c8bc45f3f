package org.hadoopdb.catalog.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Deleting directory trees of the local file system (the home's node data, scratch directories). */
public final class FileTrees {
    private FileTrees() {
    }

    /**
     * Deletes {@code dir} and everything under it; nothing happens when it does not exist. A file that
     * vanishes meanwhile (removed by its owner's own cleanup) is not an error: the goal is reached.
     *
     * @throws IOException when a file or directory cannot be deleted
     */
    public static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(dir)) {
            paths = walk.sorted(Comparator.reverseOrder()).toList();
        } catch (UncheckedIOException e) {
            // a file vanished under the walk: what is left is listed again
            delete(dir);
            return;
        }
        for (Path p : paths) {
            try {
                Files.delete(p);
            } catch (NoSuchFileException gone) {
                // deleted meanwhile: the goal is reached
            }
        }
    }
}
