package org.hadoopdb.datagen;

import java.util.Locale;

/**
 * The four tables of the Pavlo et al. benchmark, with their paper-scale sizes per node (BENCHMARK.md).
 */
public enum PavloTable {
    /** {@code Data(key, field)}: 100-character records for the Grep task. */
    GREP("Data", 5_600_000L, 1_000_000L, 101.0),
    /** {@code Rankings(pageRank, pageURL, avgDuration)}. */
    RANKINGS("Rankings", 18_000_000L, 2_000_000L, 65.2),
    /** {@code UserVisits(sourceIP, destURL, visitDate, adRevenue, userAgent, countryCode, languageCode, searchWord, duration)}. */
    USERVISITS("UserVisits", 155_000_000L, 1_000_000L, 166.3),
    /**
     * {@code Documents(url, contents)}; also written concatenated for the Hadoop baseline. The bytes per row
     * count both representations.
     */
    DOCUMENTS("Documents", 600_000L, 25_000L, 20_317.0);

    private final String sqlName;
    private final long paperRowsPerNode;
    private final long defaultRowsPerPart;
    private final double approxBytesPerRow;

    PavloTable(String sqlName, long paperRowsPerNode, long defaultRowsPerPart, double approxBytesPerRow) {
        this.sqlName = sqlName;
        this.paperRowsPerNode = paperRowsPerNode;
        this.defaultRowsPerPart = defaultRowsPerPart;
        this.approxBytesPerRow = approxBytesPerRow;
    }

    /** The table's name in SQL ({@code Data} for Grep). */
    public String sqlName() {
        return sqlName;
    }

    /** The directory under the output directory that holds the table's part files. */
    public String directoryName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Rows per node at the paper's scale. */
    public long paperRowsPerNode() {
        return paperRowsPerNode;
    }

    /**
     * Rows per part file unless overridden: about 100-150 MB for the row tables, about 256 MB per file for
     * Documents (the Hadoop baseline's block size).
     */
    public long defaultRowsPerPart() {
        return defaultRowsPerPart;
    }

    /** Bytes per row written to disk, measured on generated data; used to turn a size in bytes into rows. */
    public double approxBytesPerRow() {
        return approxBytesPerRow;
    }

    /** Looks a table up by enum name, directory name or SQL name, case-insensitively. */
    public static PavloTable parse(String name) {
        for (PavloTable t : values()) {
            if (t.name().equalsIgnoreCase(name) || t.sqlName.equalsIgnoreCase(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown benchmark table '" + name
                + "': expected one of grep (or data), rankings, uservisits, documents");
    }
}
