package org.hadoopdb.datagen;

/**
 * The URL pool shared by Rankings, UserVisits and Documents, computed rather than stored.
 *
 * <p>URL {@code i} is {@code http://} + the site number {@code i} in decimal + lowercase letters +
 * {@code .html}. The length of the part before {@code .html} is uniform in [max(10, 8 + digits of i), 95]:
 * BENCHMARK.md asks for [10, 99], but with the suffix that would overflow the {@code VARCHAR(100)} URL
 * columns, so the upper bound is 95 and every URL is at most 100 characters. Because the site number leads
 * and the letters contain no digit, URLs are distinct by construction. The letters come from a seed derived
 * from {@code i}, so any part of any table computes any URL without a shared list. Every URL matches the
 * UDF task's regex {@code <a href="http://([\w./\d]+\.html)">link</a>}.
 */
final class UrlPool {

    static final String PREFIX = "http://";
    static final String SUFFIX = ".html";
    /** Longest URL, suffix included: the width of the URL columns. */
    static final int MAX_LENGTH = 100;
    private static final int MAX_STEM_LENGTH = MAX_LENGTH - SUFFIX.length();
    private static final int MIN_STEM_LENGTH = 10;

    private final long size;
    private final long seed;

    UrlPool(long size, long seed) {
        if (size <= 0) {
            throw new IllegalArgumentException("the URL pool needs at least one URL: " + size);
        }
        this.size = size;
        this.seed = Seeds.stream(seed, "urls");
    }

    /** The number of URLs in the pool, which is the number of Rankings rows. */
    long size() {
        return size;
    }

    /**
     * Appends URL {@code index}. Indexes beyond {@link #size()} still give well-formed, distinct URLs (used
     * when there are more documents than pool URLs), they just have no Rankings row.
     *
     * @param scratch a generator the caller owns; it is reseeded, so its state does not matter
     */
    void append(AsciiBuilder out, long index, Rng scratch) {
        scratch.reseed(Seeds.element(seed, index));
        int digits = AsciiBuilder.decimalDigits(index);
        int stemLength = scratch.nextInt(minStemLength(digits), MAX_STEM_LENGTH);
        int letters = stemLength - PREFIX.length() - digits;
        out.append(PREFIX).appendDecimal(index);
        out.ensure(letters);
        for (int i = 0; i < letters; i++) {
            out.append((byte) ('a' + scratch.nextInt(26)));
        }
        out.append(SUFFIX);
    }

    /** URL {@code index} as a string (for tests and reports; the generators use {@link #append}). */
    String url(long index) {
        AsciiBuilder b = new AsciiBuilder(MAX_LENGTH);
        append(b, index, new Rng(0));
        return b.toString();
    }

    /** The mean URL length over the pool, suffix included. */
    double meanLength() {
        double total = 0;
        long from = 0;
        for (int digits = 1; from < size; digits++) {
            long to = Math.min(size, pow10(digits));
            double meanStem = (minStemLength(digits) + MAX_STEM_LENGTH) / 2.0;
            total += (to - from) * (meanStem + SUFFIX.length());
            from = to;
        }
        return total / size;
    }

    private static int minStemLength(int digits) {
        return Math.max(MIN_STEM_LENGTH, PREFIX.length() + digits + 1);
    }

    private static long pow10(int exponent) {
        long p = 1;
        for (int i = 0; i < exponent && p < Long.MAX_VALUE / 10; i++) {
            p *= 10;
        }
        return p;
    }
}
