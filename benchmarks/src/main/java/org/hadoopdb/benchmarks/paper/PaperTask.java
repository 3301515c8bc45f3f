package org.hadoopdb.benchmarks.paper;

import java.time.LocalDate;
import java.util.List;
import org.hadoopdb.peers.protocol.PaperTaskSql;

/**
 * The query tasks of the HadoopDB paper (section 6.2, {@code BENCHMARK.md}), with the shape of their
 * answers: every system's result is read into these columns, in this order, to compare them.
 */
public enum PaperTask {
    GREP("Grep", List.of(Kind.STRING)),
    SELECTION("Selection", List.of(Kind.STRING, Kind.LONG)),
    AGGREGATION_SMALL("Aggregation small", List.of(Kind.STRING, Kind.DOUBLE)),
    AGGREGATION_LARGE("Aggregation large", List.of(Kind.STRING, Kind.DOUBLE)),
    JOIN("Join", List.of(Kind.STRING, Kind.DOUBLE, Kind.DOUBLE)),
    UDF("UDF aggregation", List.of(Kind.STRING, Kind.LONG));

    /** The Join task's date window (8 days, about 0.07 % of the visits). */
    public static final LocalDate JOIN_FROM = PaperTaskSql.JOIN_FROM;
    public static final LocalDate JOIN_TO = PaperTaskSql.JOIN_TO;
    /** The Grep task's pattern. */
    public static final String GREP_PATTERN = PaperTaskSql.GREP_PATTERN;
    /**
     * The UDF aggregation's link pattern ({@code BENCHMARK.md}), matched case-insensitively; group 1 is the
     * target URL. Java's and PostgreSQL's regular expressions read it the same way.
     */
    public static final String LINK_REGEX = org.hadoopdb.benchmarks.mr.HandCodedJobs.LinkCount.LINK.pattern();

    /** The type of an answer column. */
    public enum Kind {
        STRING, LONG, DOUBLE
    }

    private final String title;
    private final List<Kind> columns;

    PaperTask(String title, List<Kind> columns) {
        this.title = title;
        this.columns = columns;
    }

    public String title() {
        return title;
    }

    public List<Kind> columns() {
        return columns;
    }

    /**
     * The task in HiveQL (also valid PostgreSQL for the single-database baseline, and the text every peer runs:
     * {@link PaperTaskSql}), or null for the UDF
     * aggregation, which is a MapReduce job (the paper's HadoopDB ran it hand-coded too).
     */
    public String sql(long selectionThreshold) {
        return switch (this) {
            case GREP -> PaperTaskSql.grep();
            case SELECTION -> PaperTaskSql.selection(selectionThreshold);
            case AGGREGATION_SMALL -> PaperTaskSql.aggregationSmall();
            case AGGREGATION_LARGE -> PaperTaskSql.aggregationLarge();
            case JOIN -> PaperTaskSql.join();
            case UDF -> null;
        };
    }

    /** The task named by its title or its enum name, case-insensitively (for {@code --tasks}). */
    public static PaperTask named(String name) {
        String n = name.strip().replace('-', ' ').replace('_', ' ');
        for (PaperTask t : values()) {
            if (t.title.equalsIgnoreCase(n) || t.name().replace('_', ' ').equalsIgnoreCase(n)) {
                return t;
            }
        }
        throw new IllegalArgumentException("Unknown task '" + name + "': choose from grep, selection, aggregation-small, "
                + "aggregation-large, join, udf");
    }
}
