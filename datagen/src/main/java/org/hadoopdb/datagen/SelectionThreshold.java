package org.hadoopdb.datagen;

/**
 * The pageRank threshold of the Selection task ({@code SELECT pageURL, pageRank FROM Rankings WHERE
 * pageRank > threshold}) for a generated data set, and how many rows it selects.
 *
 * <p>The paper selects about 36 000 of the 18 M Rankings rows of a node, a fraction of 0.2 %; the threshold
 * is the integer whose selected count is closest to that fraction of the generated rows. Because pageRank
 * values are computed by formula ({@link ZipfLinkCounts}), {@code expectedRows} is the exact count in the
 * generated files, not an estimate.
 *
 * @param threshold the value to use in {@code pageRank > threshold}
 * @param expectedRows the number of Rankings rows with {@code pageRank > threshold}
 * @param targetRows the number the paper's fraction asks for
 * @param rankingsRows all Rankings rows
 */
public record SelectionThreshold(long threshold, long expectedRows, long targetRows, long rankingsRows) {

    /** The paper's selectivity: 36 000 rows out of 18 M per node. */
    public static final double PAPER_FRACTION = 36_000.0 / 18_000_000.0;

    /** Picks the threshold closest to {@code fraction} of the rows. */
    static SelectionThreshold choose(ZipfLinkCounts counts, double fraction) {
        long target = Math.round(counts.urls() * fraction);
        long t = counts.estimateThreshold(target);
        long above = counts.countAbove(t);
        while (t > 1 && above < target) { // selects too few: lower the threshold
            t--;
            above = counts.countAbove(t);
        }
        while (above > target) { // selects too many: raise it
            t++;
            above = counts.countAbove(t);
        }
        // now countAbove(t) <= target < countAbove(t - 1), unless t hit the floor of 1
        if (t > 1) {
            long belowAbove = counts.countAbove(t - 1);
            if (belowAbove - target < target - above) {
                return new SelectionThreshold(t - 1, belowAbove, target, counts.urls());
            }
        }
        return new SelectionThreshold(t, above, target, counts.urls());
    }
}
