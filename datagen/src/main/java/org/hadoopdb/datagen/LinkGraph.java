package org.hadoopdb.datagen;

/**
 * Which document links to which URL, computed on demand.
 *
 * <p>The links of all documents form one global sequence of slots, {@code [0, totalLinks)}; document
 * {@code d} owns slots [{@link #firstSlot}(d), firstSlot(d+1)). A slot is mapped to an occurrence by a
 * seeded shuffle (a {@link FeistelPermutation}), the occurrence to a popularity rank by
 * {@link ZipfLinkCounts}, and the rank to a URL index by a second shuffle, so popular URLs are scattered
 * over the pool rather than being the low site numbers. The documents therefore contain exactly
 * {@link #pageRank}(i) links to URL {@code i}: Rankings and Documents agree without either reading the
 * other, and every URL has at least one link.
 *
 * <p>The number of slots per document is {@code links/documents} give or take a quarter, chosen by a
 * seeded jitter; within a document the links are placed at uniformly random text positions (see
 * {@link DocumentsGenerator}). BENCHMARK.md's "each token is a link with probability 0.05" is met on
 * average: the link total is 5 % of the expected token count.
 */
final class LinkGraph {

    private final ZipfLinkCounts counts;
    private final long documents;
    private final FeistelPermutation rankOfUrl;
    private final FeistelPermutation occurrenceOfSlot;
    private final long jitterSeed;
    private final long jitterAmplitude;

    LinkGraph(ZipfLinkCounts counts, long documents, long seed) {
        if (documents <= 0) {
            throw new IllegalArgumentException("need at least one document: " + documents);
        }
        this.counts = counts;
        this.documents = documents;
        this.rankOfUrl = new FeistelPermutation(counts.urls(), Seeds.stream(seed, "url-rank"));
        this.occurrenceOfSlot = new FeistelPermutation(counts.totalLinks(), Seeds.stream(seed, "link-shuffle"));
        this.jitterSeed = Seeds.stream(seed, "links-per-document");
        this.jitterAmplitude = counts.totalLinks() / documents / 4;
    }

    ZipfLinkCounts counts() {
        return counts;
    }

    long documents() {
        return documents;
    }

    long totalLinks() {
        return counts.totalLinks();
    }

    /** The number of links to URL {@code urlIndex} in the whole Documents table: its Rankings pageRank. */
    long pageRank(long urlIndex) {
        return counts.linkCount(rankOfUrl.apply(urlIndex));
    }

    /** The URL index that link slot {@code slot} points to. */
    long target(long slot) {
        return rankOfUrl.invert(counts.rankOfOccurrence(occurrenceOfSlot.apply(slot)));
    }

    /** The first link slot of document {@code document}; {@code firstSlot(documents)} is the total. */
    long firstSlot(long document) {
        if (document <= 0) {
            return 0;
        }
        long total = counts.totalLinks();
        if (document >= documents) {
            return total;
        }
        long even = Math.multiplyExact(document, total) / documents;
        long jitter = 0;
        if (jitterAmplitude > 0) {
            long u = Seeds.element(jitterSeed, document) >>> 1;
            jitter = u % (2 * jitterAmplitude + 1) - jitterAmplitude;
        }
        // |jitter| is at most a quarter of the average, so the slot ranges never overlap or invert
        return even + jitter;
    }
}
