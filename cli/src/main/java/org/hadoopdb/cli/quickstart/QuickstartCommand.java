package org.hadoopdb.cli.quickstart;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.connector.row.HiveText;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.cli.quickstart.PaperData;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.runtime.ResultStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb quickstart}: the main job on the embedded default. It brings up the embedded cluster
 * (creating it on first use), generates a small Pavlo et al. data set (the benchmark of the HadoopDB
 * paper), creates and loads the tables, runs the paper's tasks in HiveQL and prints what each returned,
 * how it ran (pushed into the chunks, or MapReduce stages) and how long it took.
 */
@Command(name = "quickstart", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Bring up the embedded cluster, load a small copy of the HadoopDB paper's benchmark data "
                + "and run the paper's tasks in HiveQL.",
                "Afterwards, query the tables yourself: hadoopdb -e \"SELECT ...\" or just hadoopdb."})
public final class QuickstartCommand extends BaseCommand {
    @Option(names = "--uservisits-rows", defaultValue = "200000", description = "UserVisits rows (default ${DEFAULT-VALUE}).")
    long userVisitsRows;

    @Option(names = "--rankings-rows", defaultValue = "20000", description = "Rankings rows (default ${DEFAULT-VALUE}).")
    long rankingsRows;

    @Option(names = "--grep-rows", defaultValue = "100000", description = "Grep records (default ${DEFAULT-VALUE}).")
    long grepRows;

    @Option(names = "--seed", defaultValue = "42", description = "Data generator seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws IOException {
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note);
             Session session = engine.openSession(Map.of())) {
            int nodes = engine.catalog().nodes().size();
            console().note("Cluster '" + engine.catalog().cluster() + "' is up: " + nodes + " nodes.");
            PaperData data = PaperData.generate(config().home().root().resolve("quickstart-data"), rankingsRows, userVisitsRows,
                    grepRows, seed, nodes, console()::note);
            data.load(session, nodes, console()::note);

            long threshold = data.selectionThreshold();
            List<Task> tasks = List.of(
                    new Task("Grep", "SELECT record FROM grep WHERE record LIKE '%XYZ%'"),
                    new Task("Selection", "SELECT pageurl, pagerank FROM rankings WHERE pagerank > " + threshold),
                    new Task("Aggregation (large)", "SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip"),
                    new Task("Join", "SELECT uv.sourceip, AVG(r.pagerank) AS avgpagerank, SUM(uv.adrevenue) AS totalrevenue "
                            + "FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl "
                            + "WHERE uv.visitdate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22' "
                            + "GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1"));
            List<String> report = new ArrayList<>();
            for (Task t : tasks) {
                report.add(run(session, t));
            }
            console().out().println();
            console().out().printf(Locale.ROOT, "%-20s %10s %10s  %s%n", "TASK", "ROWS", "SECONDS", "HOW IT RAN");
            report.forEach(console().out()::println);
            console().out().flush();
            console().note("Expected Grep matches: " + data.generator().expectedGrepMatches() + ". Try: bin/hadoopdb -e \"EXPLAIN "
                    + tasks.get(3).sql() + "\"");
        }
        return 0;
    }

    private String run(Session session, Task task) {
        console().note("");
        console().note("-- " + task.name());
        console().note("hadoopdb> " + task.sql() + ";");
        var planned = session.plan((QueryStatement) HiveQlParser.parse(SourceSpan.of(task.sql())));
        int stages = planned.plan().stages().size();
        String how = stages == 0 ? "pushed whole into every chunk (no MapReduce job)"
                : stages + " MapReduce stage(s) over SQL pushed into the chunks";
        long start = System.nanoTime();
        long rows = 0;
        List<String> first = new ArrayList<>();
        try (ResultStream result = ((StatementResult.Rows) session.execute(task.sql(), StatementListener.NONE)).rows()) {
            while (result.next()) {
                if (rows < 3) {
                    StringBuilder line = new StringBuilder();
                    for (int i = 0; i < result.schema().size(); i++) {
                        line.append(i == 0 ? "" : "\t").append(HiveText.field(result.row(), i));
                    }
                    first.add(line.toString());
                }
                rows++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        first.forEach(l -> console().note("  " + l));
        if (rows > first.size()) {
            console().note(String.format(Locale.ROOT, "  ... %,d rows in all", rows));
        }
        return String.format(Locale.ROOT, "%-20s %,10d %10.2f  %s", task.name(), rows, seconds, how);
    }

    private record Task(String name, String sql) {
    }
}
