package org.hadoopdb.datagen;

import java.io.IOException;

/**
 * {@code UserVisits}: {@code sourceIP|destURL|visitDate|adRevenue|userAgent|countryCode|languageCode|searchWord|duration}.
 *
 * <ul>
 *   <li>sourceIP uniform over {@code [150-179].[100-134].[1-48].[1-48]}: {@value #SOURCE_IP_VALUES} values;</li>
 *   <li>destURL uniform over the URL pool, which is exactly the Rankings URLs, so every visit joins;</li>
 *   <li>visitDate uniform over 1973-03-03..2004-11-09, {@code yyyy-MM-dd};</li>
 *   <li>adRevenue uniform in [0, 500) with three decimals: at most six significant digits, so a
 *       {@code FLOAT} column keeps the written value exactly in decimal;</li>
 *   <li>userAgent, the countryCode/languageCode pair and searchWord uniform over fixed lists
 *       ({@link UserVisitsVocabulary}, the first {@value WordList#SEARCH_WORDS} words of {@link WordList});</li>
 *   <li>duration uniform in 1-9.</li>
 * </ul>
 */
final class UserVisitsGenerator implements PartContent {

    /** Distinct sourceIP values: 30 × 35 × 48 × 48. */
    static final long SOURCE_IP_VALUES = 30L * 35 * 48 * 48;
    private static final int REVENUE_THOUSANDTHS = 500_000;

    private final UrlPool urls;
    private final long rowSeed;
    private final WordList words = WordList.get();

    UserVisitsGenerator(UrlPool urls, long seed) {
        this.urls = urls;
        this.rowSeed = Seeds.stream(seed, "uservisits-rows");
    }

    @Override
    public void write(long first, long end, PartOutputs outputs, RowCounter counter) throws IOException {
        AsciiOutput out = outputs.open(PavloTable.USERVISITS.directoryName());
        Rng rng = new Rng(0);
        Rng scratch = new Rng(0);
        int agents = UserVisitsVocabulary.USER_AGENTS.size();
        int locales = UserVisitsVocabulary.COUNTRY_LANGUAGES.size();
        for (long row = first; row < end; row++) {
            rng.reseed(Seeds.element(rowSeed, row));
            out.appendDecimal(150 + rng.nextInt(30)).append('.')
                    .appendDecimal(100 + rng.nextInt(35)).append('.')
                    .appendDecimal(1 + rng.nextInt(48)).append('.')
                    .appendDecimal(1 + rng.nextInt(48)).append('|');
            urls.append(out, rng.nextLong(urls.size()), scratch);
            out.append('|').append(VisitDates.formatted(rng.nextInt(VisitDates.DAYS)))
                    .append('|').appendThousandths(rng.nextInt(REVENUE_THOUSANDTHS))
                    .append('|').append(UserVisitsVocabulary.userAgent(rng.nextInt(agents)))
                    .append('|').append(UserVisitsVocabulary.countryLanguage(rng.nextInt(locales)))
                    .append('|').append(words.word(rng.nextInt(WordList.SEARCH_WORDS)))
                    .append('|').appendDecimal(rng.nextInt(1, 9));
            out.endRow();
            counter.add();
        }
    }
}
