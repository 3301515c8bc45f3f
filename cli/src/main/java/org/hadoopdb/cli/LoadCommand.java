package org.hadoopdb.cli;

import java.util.List;
import java.util.Locale;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.loader.LoadPhase;
import org.hadoopdb.loader.table.TableDefinition;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.loader.LoadReport;
import org.hadoopdb.loader.LoadSpec;
import org.hadoopdb.loader.Loader;
import org.hadoopdb.engine.session.HadoopDbEngine;
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
    @Parameters(index = "0", paramLabel = "TABLE", description = "The table: an existing one, or a new one described by --schema.")
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

    @Option(names = "--partition", paramLabel = "COL=VALUE,…",
            description = "The partition of a partitioned table the files go to, every partition column with its value"
                    + " (LOAD DATA … PARTITION (…)), e.g. dt=2020-01-01,country=nl; --overwrite then replaces that partition only.")
    String partition;

    @Option(names = "--schema", paramLabel = "COLUMNS",
            description = "Create the table first when it does not exist, with these columns, e.g. \"url string, visits int\".")
    String schema;

    @Option(names = "--key", paramLabel = "COLUMN", split = ",", description = "With --schema: hash-partition on these columns.")
    List<String> key;

    @Option(names = "--replicated", description = "With --schema: a full copy of the table on every node (small tables).")
    boolean replicated;

    @Option(names = "--chunks-per-node", paramLabel = "N", description = "With --schema: chunks on each node.")
    Integer chunksPerNode;

    @Option(names = "--replication", paramLabel = "N", description = "With --schema: copies of each chunk.")
    Integer replication;

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
            if (schema != null && engine.catalog().findTable(org.hadoopdb.catalog.Names.normalize(table)).isEmpty()) {
                createTable();
            }
            if (partition != null) {
                TableInfo target = engine.catalog().findTable(org.hadoopdb.catalog.Names.normalize(table)).orElseThrow(
                        () -> new picocli.CommandLine.ParameterException(this.spec.commandLine(), "Table '" + table + "' does not exist"));
                spec.partitions(org.hadoopdb.loader.PartitionWrite.parse(target, partition, overwrite));
            }
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

    private void createTable() {
        TableDefinition.Builder def = TableDefinition.builder(table);
        for (String column : schema.split(",")) {
            String[] parts = column.strip().split("\\s+", 2);
            if (parts.length != 2) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        "--schema: '" + column.strip() + "' is not 'name type' (e.g. \"url string, visits int\")");
            }
            def.column(parts[0], HiveType.parse(parts[1]));
        }
        if (replicated) {
            def.replicated();
        } else if (key != null && !key.isEmpty()) {
            def.hashedBy(key.toArray(String[]::new));
        }
        def.chunksPerNode(chunksPerNode).replication(replication);
        if (delimiter != null) {
            def.format(org.hadoopdb.loader.text.TextFormat.HIVE_DEFAULT.withDelimiter(
                    org.hadoopdb.loader.text.TextFormat.parseCharSpec("--delimiter", delimiter)));
        }
        TableInfo created = new TableManager(config()).create(def.build(), false);
        console().note("Created table " + created.name() + " (" + created.distribution().name().toLowerCase(Locale.ROOT) + ")");
    }
}
