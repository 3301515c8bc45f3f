package org.hadoopdb.benchmarks.mr;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Locale;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.engine.session.HadoopDbEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hadoopdb mr TASK}: runs one of the paper's hand-coded HadoopDB tasks ({@link HandCodedJobs})
 * over the tables {@code hadoopdb quickstart} loads, and prints its output.
 */
@Command(name = "mr", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a hand-coded MapReduce task over the database chunks (the paper's HadoopDB tasks).",
                "TASK: grep, selection, aggregation-small, aggregation-large, join, udf-aggregation."})
public final class MrCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "TASK")
    String task;

    @Option(names = "--pattern", defaultValue = "XYZ", description = "Grep pattern (default ${DEFAULT-VALUE}).")
    String pattern;

    @Option(names = "--threshold", defaultValue = "10", description = "Selection: pageRank above this (default ${DEFAULT-VALUE}).")
    long threshold;

    @Option(names = "--from", defaultValue = "2000-01-15", description = "Join: first visit date (default ${DEFAULT-VALUE}).")
    LocalDate from;

    @Option(names = "--to", defaultValue = "2000-01-22", description = "Join: last visit date (default ${DEFAULT-VALUE}).")
    LocalDate to;

    @Option(names = "--output", paramLabel = "DIR", description = "Output directory (default: a new one under the scratch directory).")
    String output;

    @Option(names = "--show", defaultValue = "20", description = "Output lines printed (default ${DEFAULT-VALUE}).")
    int show;

    @Override
    public Integer call() throws Exception {
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note)) {
            Configuration conf = config().hadoopConf();
            Path catalog = engine.catalogStore().directory();
            Path out = output != null ? new Path(output) : new Path(config().home().jobScratch(), "mr/" + task + "-" + UUID.randomUUID());
            Job job = switch (task.toLowerCase(Locale.ROOT)) {
                case "grep" -> HandCodedJobs.grep(conf, catalog, pattern, out);
                case "selection" -> HandCodedJobs.selection(conf, catalog, threshold, out);
                case "aggregation-small" -> HandCodedJobs.aggregation(conf, catalog, true, out);
                case "aggregation-large" -> HandCodedJobs.aggregation(conf, catalog, false, out);
                case "join" -> HandCodedJobs.join(conf, catalog, from, to, out);
                case "udf-aggregation" -> HandCodedJobs.inlinks(conf, catalog, out);
                default -> throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Unknown task '" + task
                        + "': use grep, selection, aggregation-small, aggregation-large, join or udf-aggregation");
            };
            long start = System.nanoTime();
            if (!job.waitForCompletion(false)) {
                console().note("hadoopdb: the job failed: " + job.getStatus().getFailureInfo());
                return 1;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long lines = print(out, conf);
            console().note(String.format(Locale.ROOT, "%s: %,d output lines in %.2f s; output in %s", task, lines, seconds, out));
        }
        return 0;
    }

    private long print(Path dir, Configuration conf) throws java.io.IOException {
        FileSystem fs = dir.getFileSystem(conf);
        long n = 0;
        for (FileStatus f : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(f.getPath()), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (n++ < show) {
                        console().out().println(line);
                    }
                }
            }
        }
        console().out().flush();
        return n;
    }
}
