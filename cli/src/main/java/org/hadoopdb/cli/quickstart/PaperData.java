package org.hadoopdb.cli.quickstart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.hadoopdb.datagen.GenerationSummary;
import org.hadoopdb.datagen.PavloDataGenerator;
import org.hadoopdb.datagen.PavloTable;
import org.hadoopdb.datagen.Scale;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;

/**
 * The paper's benchmark data at a chosen size: generated as text files, then created and loaded as
 * HadoopDB tables laid out as in the paper (UserVisits hashed on destURL and Rankings on pageURL, so
 * the Join task's join runs inside each chunk).
 *
 * @param dir           where the text files are
 * @param generator     the generator (seed, sizes, Selection threshold, Grep match count)
 */
public record PaperData(Path dir, PavloDataGenerator generator) {
    /** The tables, in load order. */
    public static final List<PavloTable> TABLES = List.of(PavloTable.RANKINGS, PavloTable.USERVISITS, PavloTable.GREP);

    /** Generates the text files (deterministic: the same seed and sizes give the same bytes). */
    public static PaperData generate(Path dir, long rankings, long userVisits, long grep, long seed, int nodes,
                                     Consumer<String> notes) throws IOException {
        return generate(dir, rankings, userVisits, grep, seed, nodes, false, notes);
    }

    /**
     * Generates the text files; with {@code documents}, also the Documents (one per 25 Rankings rows, each
     * about 10 KB, as a table and concatenated for the Hadoop baseline) for the UDF aggregation.
     */
    public static PaperData generate(Path dir, long rankings, long userVisits, long grep, long seed, int nodes,
                                     boolean documents, Consumer<String> notes) throws IOException {
        Scale scale = Scale.paperFraction(0.0001, Math.max(1, nodes))
                .withRows(PavloTable.RANKINGS, rankings)
                .withRows(PavloTable.USERVISITS, userVisits)
                .withRows(PavloTable.GREP, grep)
                .withRows(PavloTable.DOCUMENTS, Math.max(1, rankings / 25));
        PavloDataGenerator generator = PavloDataGenerator.builder().seed(seed).scale(scale).threads(2).outputDir(dir)
                .overwrite(true).tables(tables(documents)).build();
        notes.accept("Generating the benchmark data in " + dir + " ...");
        GenerationSummary summary = generator.generate(p -> { });
        summary.datasets().forEach(d -> notes.accept(String.format(Locale.ROOT, "  %-11s %,11d rows %,14d bytes",
                d.name(), d.rows(), d.bytes())));
        return new PaperData(dir, generator);
    }

    private static EnumSet<PavloTable> tables(boolean documents) {
        EnumSet<PavloTable> tables = EnumSet.copyOf(TABLES);
        if (documents) {
            tables.add(PavloTable.DOCUMENTS);
        }
        return tables;
    }

    /** The Documents as the Hadoop baseline reads them: the HTML pages concatenated. */
    public Path hadoopDocuments() {
        return dir.resolve("documents-hadoop");
    }

    /** The directory of one table's part files. */
    public Path files(PavloTable table) {
        return dir.resolve(table.directoryName());
    }

    /** The Selection task's pageRank threshold (the paper's selectivity). */
    public long selectionThreshold() {
        return generator.selectionThreshold().threshold();
    }

    /** Creates the tables (if new) and loads them, replacing earlier rows; load reports go to {@code notes}. */
    public void load(Session session, int nodes, Consumer<String> notes) {
        for (PavloTable table : TABLES) {
            load(session, table, nodes, notes);
        }
    }

    /**
     * Creates one table (if new) with the paper's layout and loads it, replacing earlier rows: UserVisits
     * hashed on destURL and clustered on visitDate, Rankings hashed on pageURL (co-located with it) and
     * clustered on pageRank, Grep and Documents hashed on their first column. Returns the loader's report.
     */
    public String load(Session session, PavloTable table, int nodes, Consumer<String> notes) {
        int buckets = nodes * 2;
        String create = switch (table) {
            case RANKINGS -> "CREATE TABLE IF NOT EXISTS rankings (pagerank INT, pageurl STRING, avgduration INT) CLUSTERED BY (pageurl) "
                    + "SORTED BY (pagerank) INTO " + buckets + " BUCKETS ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'";
            case USERVISITS -> "CREATE TABLE IF NOT EXISTS uservisits (sourceip STRING, desturl STRING, visitdate DATE, adrevenue DOUBLE, "
                    + "useragent STRING, countrycode STRING, languagecode STRING, searchword STRING, duration INT) "
                    + "CLUSTERED BY (desturl) SORTED BY (visitdate) INTO " + buckets + " BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'";
            case GREP -> "CREATE TABLE IF NOT EXISTS grep (record STRING) CLUSTERED BY (record) INTO " + buckets + " BUCKETS";
            // the generator escapes contents as COPY text does: \n a newline, \| a bar, \\ a backslash
            case DOCUMENTS -> "CREATE TABLE IF NOT EXISTS documents (url STRING, contents STRING) CLUSTERED BY (url) INTO " + buckets
                    + " BUCKETS ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' ESCAPED BY '\\\\' "
                    + "TBLPROPERTIES ('serialization.escape.crlf'='true')";
        };
        String report = "";
        for (String statement : List.of(create, loadStatement(table, table.directoryName()))) {
            notes.accept("hadoopdb> " + statement + ";");
            StatementResult r = session.execute(statement, StatementListener.NONE);
            if (r instanceof StatementResult.Done d && !d.message().isBlank()) {
                notes.accept(d.message().strip());
                report = d.message().strip();
            }
        }
        return report;
    }

    private String loadStatement(PavloTable table, String name) {
        return "LOAD DATA LOCAL INPATH '" + files(table) + "' OVERWRITE INTO TABLE " + name;
    }
}
