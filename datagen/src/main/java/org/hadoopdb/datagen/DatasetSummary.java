package org.hadoopdb.datagen;

import java.nio.file.Path;
import java.util.List;

/**
 * What was written to one output directory.
 *
 * @param name the directory name, e.g. {@code uservisits}, {@code documents-hadoop}, {@code lineitem}
 * @param directory the directory
 * @param files its part files, in part order
 * @param rows rows (records, documents) written
 * @param bytes bytes written
 */
public record DatasetSummary(String name, Path directory, List<Path> files, long rows, long bytes) {

    /** Copies {@code files}, so the summary stays as it was. */
    public DatasetSummary {
        files = List.copyOf(files);
    }
}
