package org.hadoopdb.cli.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.loader.LoadLeftovers;
import org.hadoopdb.loader.physical.GarbageCollector.GcReport;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.runtime.QueryScratch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb cluster gc}: drops chunk schemas on the nodes that no catalog version still in use
 * refers to and no running load owns: the leftovers of loads whose process died, or of a node that
 * was down when a load failed or a table was dropped. Loads and {@code DROP TABLE} collect their own
 * table's garbage; this command is for what they could not reach. It also removes the files dead
 * processes left in the home: loads' work directories and table locks whose heartbeat is stale,
 * the scratch directories of queries, the local runner's directories and the embedded cluster's
 * leases of processes that are gone.
 */
@Command(name = "gc", mixinStandardHelpOptions = true,
        description = {"Drop the nodes' chunk schemas that no table uses any more (left by failed loads or unreachable nodes).",
                "Also removes what dead processes left in the home (work and query directories, stale load locks, leases)."})
public final class ClusterGcCommand extends BaseCommand {
    @Option(names = "--table", paramLabel = "TABLE", description = "Only this table's schemas (default: every table's).")
    String table;

    @Override
    public Integer call() {
        GcReport report = new TableManager(config()).collectGarbage(table);
        report.dropped().forEach(s -> console().note("Dropped " + s));
        report.problems().forEach(p -> console().err().println("hadoopdb: " + p));
        List<String> files = new ArrayList<>(new LoadLeftovers(config()).collect());
        files.addAll(QueryScratch.removeOrphans(config()));
        List<Path> leases = new EmbeddedCluster(config()).removeStaleLeases();
        files.forEach(f -> console().note("Removed " + f));
        leases.forEach(l -> console().note("Removed the lease " + l + " of a process that is gone"));
        console().note("Dropped " + report.dropped().size() + " schema(s), kept " + report.kept() + " in use; removed "
                + files.size() + " file(s) and " + leases.size() + " lease(s) of dead processes"
                + (report.problems().isEmpty() ? "." : "; " + report.problems().size() + " problem(s) above."));
        return report.problems().isEmpty() ? 0 : 1;
    }
}
