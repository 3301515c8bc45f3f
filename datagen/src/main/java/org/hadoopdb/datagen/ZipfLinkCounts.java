package org.hadoopdb.datagen;

/**
 * How many links point to the URL of each popularity rank: a Zipf (θ = 0.5) law with a floor of one.
 *
 * <p>The links are laid out as a sequence of "occurrences" sorted by rank: rank {@code r} owns
 * occurrences [{@code P(r)}, {@code P(r+1)}) with {@code P(r) = r + floor(A·√r)}. So rank {@code r} gets
 * {@code 1 + floor(A·√(r+1)) − floor(A·√r)} links: one for every URL (each URL has a Rankings row, which
 * needs at least one link) plus a share of the rest proportional to {@code 1/√r}, which is Zipf with
 * θ = 0.5. {@code A} is chosen so the total is the number of links the documents carry. Because the
 * counts are a closed formula, any part can compute a URL's pageRank, and a link's target, without a table
 * and without reading the documents.
 */
final class ZipfLinkCounts {

    private final long urls;
    private final double a;
    private final long totalLinks;

    /**
     * @param urls the number of URLs (ranks)
     * @param nominalLinks the desired number of links; at least {@code urls}
     */
    ZipfLinkCounts(long urls, long nominalLinks) {
        if (urls <= 0) {
            throw new IllegalArgumentException("need at least one URL: " + urls);
        }
        if (nominalLinks < urls) {
            throw new IllegalArgumentException("every one of the " + urls + " URLs needs at least one link, but only "
                    + nominalLinks + " links are available");
        }
        this.urls = urls;
        this.a = (nominalLinks - urls) / Math.sqrt(urls);
        this.totalLinks = prefix(urls);
    }

    long urls() {
        return urls;
    }

    /** The exact number of links over all ranks. */
    long totalLinks() {
        return totalLinks;
    }

    /** The number of links to the URL of popularity rank {@code rank} (0 is the most linked). */
    long linkCount(long rank) {
        return prefix(rank + 1) - prefix(rank);
    }

    /** The rank that owns link occurrence {@code occurrence}, in [0, totalLinks). */
    long rankOfOccurrence(long occurrence) {
        double x = (-a + Math.sqrt(a * a + 4.0 * occurrence)) / 2.0; // solves r + A·√r = occurrence for √r
        long r = Math.min(urls - 1, Math.max(0, (long) (x * x)));
        while (r > 0 && prefix(r) > occurrence) { // float rounding: step to the exact rank
            r--;
        }
        while (r < urls - 1 && prefix(r + 1) <= occurrence) {
            r++;
        }
        return r;
    }

    /** The number of ranks with more than {@code threshold} links. */
    long countAbove(long threshold) {
        long count = 0;
        for (long r = 0; r < urls; r++) {
            if (linkCount(r) > threshold) {
                count++;
            } else if (a * (Math.sqrt(r + 1.0) - Math.sqrt(r)) + 1.0 <= threshold - 1e-6) {
                // the Zipf share only shrinks with r, and floor(x) - floor(y) <= ceil(x - y):
                // no later rank can exceed the threshold (the epsilon absorbs float rounding)
                break;
            }
        }
        return count;
    }

    /** A threshold whose {@link #countAbove} is about {@code target} (the Zipf tail is close to (A/2t)²). */
    long estimateThreshold(long target) {
        return Math.max(1, (long) (1 + a / (2.0 * Math.sqrt(Math.max(1, target)))));
    }

    private long prefix(long r) {
        return r + (long) Math.floor(a * Math.sqrt(r));
    }
}
