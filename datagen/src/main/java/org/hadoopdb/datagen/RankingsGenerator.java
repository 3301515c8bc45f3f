package org.hadoopdb.datagen;

import java.io.IOException;

/**
 * {@code Rankings}: {@code pageRank|pageURL|avgDuration}, one row per URL of the pool, in URL index order.
 *
 * <p>pageRank is the number of links to the URL in the Documents table ({@link LinkGraph#pageRank}), at least
 * one and Zipf-skewed. It is computed by formula, so it is the same whether or not Documents are generated
 * at this scale, and when they are it equals the links counted in them. avgDuration is uniform in 1-99.
 */
final class RankingsGenerator implements PartContent {

    private final UrlPool urls;
    private final LinkGraph links;
    private final long rowSeed;

    RankingsGenerator(UrlPool urls, LinkGraph links, long seed) {
        this.urls = urls;
        this.links = links;
        this.rowSeed = Seeds.stream(seed, "rankings-rows");
    }

    @Override
    public void write(long first, long end, PartOutputs outputs, RowCounter counter) throws IOException {
        AsciiOutput out = outputs.open(PavloTable.RANKINGS.directoryName());
        Rng rng = new Rng(0);
        Rng scratch = new Rng(0);
        for (long url = first; url < end; url++) {
            rng.reseed(Seeds.element(rowSeed, url));
            out.appendDecimal(links.pageRank(url)).append('|');
            urls.append(out, url, scratch);
            out.append('|').appendDecimal(rng.nextInt(1, 99));
            out.endRow();
            counter.add();
        }
    }
}
