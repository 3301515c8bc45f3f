/**
 * Benchmark data generators: the Pavlo et al. tables used by the HadoopDB paper, and TPC-H.
 *
 * <p>Entry points: {@link org.hadoopdb.datagen.PavloDataGenerator} (Grep's {@code Data},
 * {@code Rankings}, {@code UserVisits}, {@code Documents}), {@link org.hadoopdb.datagen.TpchDataGenerator}
 * (the eight TPC-H tables through {@code io.trino.tpch}), and the command line
 * {@link org.hadoopdb.datagen.GenerateMain}. Sizes are set with {@link org.hadoopdb.datagen.Scale}.
 *
 * <h2>Files</h2>
 * <pre>
 * OUT/_generation.properties      seed, rows, Selection threshold, Grep match count (no timestamps)
 * OUT/grep/part-NNNNN             key(10) + field(90), fixed width, no delimiter, printable ASCII
 * OUT/rankings/part-NNNNN         pageRank|pageURL|avgDuration
 * OUT/uservisits/part-NNNNN       sourceIP|destURL|visitDate|adRevenue|userAgent|countryCode|languageCode|searchWord|duration
 * OUT/documents/part-NNNNN        url|contents, contents escaped as in PostgreSQL COPY text format
 * OUT/documents-hadoop/part-NNNNN the HTML pages concatenated, about 256 MB per file
 * OUT/tpch/TABLE/part-NNNNN       TPC-H rows, | between fields, no trailing |
 * </pre>
 * One record per line ({@code \n}), ASCII (so also UTF-8), dates {@code yyyy-MM-dd}, no header, no
 * trailing delimiter. A file is written under a hidden {@code .part-NNNNN.inprogress} name and renamed
 * when its part is complete.
 *
 * <h2>Determinism and parallelism</h2>
 * Every row is generated from its own seed derived from the run's seed, the table and the row number
 * ({@code Seeds}, a SplitMix64 {@code Rng} written here, so no JDK algorithm can change the data). The URL
 * pool is computed, not stored: URL {@code i} is a function of {@code i} ({@code UrlPool}); the number of
 * links to each URL is a closed-form Zipf count ({@code ZipfLinkCounts}); which document links where is a
 * pair of seeded Feistel shuffles ({@code LinkGraph}). Any part can therefore be written by any thread at
 * any time, the output does not depend on the thread count, and memory use is one row (one document).
 */
package org.hadoopdb.datagen;
