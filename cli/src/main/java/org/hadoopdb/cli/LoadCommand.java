package org.hadoopdb.cli;

import java.util.List;
import java.util.Locale;
import org.hadoopdb.loader.LoadPhase;
import org.hadoopdb.loader.LoadReport;
import org.hadoopdb.loader.LoadSpec;
import org.hadoopdb.loader.Loader;
import org.hadoopdb.planner.session.HadoopDbEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hadoopdb load}: bulk-loads delimited text files into an existing table (the same load as
 * {@code LOAD DATA INPATH}, with the text format options on the command line).
 */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Load delimited text files into a table (Global Hasher, Local Hasher, COPY into chunks, indexes, "
                + "replicas). The new rows become visible all at once when the load succeeds; a failed load changes nothing.",
                "Example: hadoopdb load uservisits /data/uservisits/ --delimiter '|'"})
public final class LoadCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "TABLE", description = "The table (create it first, e.g. with hadoopdb -e \"CREATE TABLE ...\").")
    String table;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "PATH",
            description = "Files, directories or globs, on the default file system or any Hadoop URI (hdfs://, file://).")
    List<String> paths;

    @Option(names = "--local", description = "The paths are on this machine's disk (LOAD DATA LOCAL).")
    boolean local;

    @Option(names = "--overwrite", description = "Replace the table's rows instead of appending.")
    boolean overwrite;

    @Option(names = {"-d", "--delimiter"}, paramLabel = "CHAR", description = "Field delimiter (default: the table's; e.g. '|', '\\t', '\\001').")
    String delimiter;

    @Option(names = "--escape", paramLabel = "CHAR", description = "Escape character (default: the table's, none in Hive).")
    String escape;

    @Option(names = "--quote", paramLabel = "CHAR", description = "Quote character for quoted fields (default: none).")
    String quote;

    @Option(names = "--null", paramLabel = "TEXT", description = "The text of a NULL field (default: the table's, \\N).")
    String nullString;

    @Option(names = "--header-lines", paramLabel = "N", description = "Lines to skip at the start of each file.")
    Integer headerLines;

    @Option(names = "--encoding", paramLabel = "CHARSET", description = "Input encoding (default UTF-8).")
    String encoding;

    @Option(names = "--max-rejects", paramLabel = "N|P%",
            description = "Bad records tolerated: a count or a percentage (default: hadoopdb.load.max-rejects, 0).")
    String maxRejects;

    @Override
    public Integer call() {
        LoadSpec.Builder spec = LoadSpec.builder(table).inputs(paths).local(local).overwrite(overwrite);
        if (delimiter != null) {
            spec.delimiter(org.hadoopdb.loader.text.TextFormat.parseCharSpec("--delimiter", delimiter));
        }
        if (escape != null) {
            spec.escape(org.hadoopdb.loader.text.TextFormat.parseCharSpec("--escape", escape));
        }
        if (quote != null) {
            spec.quote(org.hadoopdb.loader.text.TextFormat.parseCharSpec("--quote", quote));
        }
        if (nullString != null) {
            spec.nullString(nullString);
        }
        if (headerLines != null) {
            spec.headerLines(headerLines);
        }
        if (encoding != null) {
            spec.encoding(encoding);
        }
        if (maxRejects != null) {
            spec.maxRejects(maxRejects);
        }
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note)) {
            LoadPhase[] shown = {null};
            long[] last = {0};
            LoadReport report = new Loader(config()).load(spec.build(), p -> {
                long now = System.nanoTime();
                if (p.phase() != shown[0] || now - last[0] > 2_000_000_000L) {
                    shown[0] = p.phase();
                    last[0] = now;
                    console().note(String.format(Locale.ROOT, "%-12s %5.1f%%  %,d rows  %,.0f rows/s", p.phase().label(),
                            p.percent(), p.rows(), p.rowsPerSecond()));
                }
            });
            console().err().print(report.summary());
            console().err().flush();
        }
        return 0;
    }
}
