package org.hadoopdb.datagen;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The result of a generation run.
 *
 * @param datasets one entry per output directory, in generation order
 * @param elapsed wall-clock time of the run
 * @param selectionThreshold the Selection task's threshold for this data (absent for TPC-H)
 * @param grepMatches the number of Grep records containing {@code XYZ} (0 when Grep was not generated)
 */
public record GenerationSummary(List<DatasetSummary> datasets, Duration elapsed,
                                Optional<SelectionThreshold> selectionThreshold, long grepMatches) {

    /** Copies {@code datasets}, so the summary stays as it was. */
    public GenerationSummary {
        datasets = List.copyOf(datasets);
    }

    /** The dataset written to the directory {@code name}. */
    public Optional<DatasetSummary> dataset(String name) {
        return datasets.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /** Bytes written over all datasets. */
    public long totalBytes() {
        return datasets.stream().mapToLong(DatasetSummary::bytes).sum();
    }
}
