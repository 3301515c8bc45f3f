package org.hadoopdb.benchmarks;

import org.hadoopdb.benchmarks.paper.FaultToleranceBenchmark;
import org.hadoopdb.benchmarks.paper.PaperBenchmark;
import org.hadoopdb.benchmarks.server.LatencyBenchmark;
import org.hadoopdb.benchmarks.tpcds.TpcdsBenchmark;
import org.hadoopdb.benchmarks.tpch.TpchBenchmark;
import picocli.CommandLine.Command;

/** {@code hadoopdb bench}: the benchmarks, one subcommand each. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmarks, side by side in one run: 'pavlo' (the HadoopDB paper's tasks on every system), "
                + "'tpch' (the 22 TPC-H queries on HadoopDB and one PostgreSQL), 'tpcds' (the 99 TPC-DS queries, likewise), 'faults' (Fig. 11: a node killed or slowed "
                + "during the small aggregation on YARN, HadoopDB vs Hadoop), 'latency' (short statements through running "
                + "servers, e.g. our driver against Hive's on the HiveServer2 endpoint), 'partitions' (a one-year query on UserVisits "
                + "partitioned by year and on the plain table)."},
        subcommands = {PaperBenchmark.class, TpchBenchmark.class, TpcdsBenchmark.class, FaultToleranceBenchmark.class, LatencyBenchmark.class,
                org.hadoopdb.benchmarks.partition.PartitionBenchmark.class})
public final class BenchCommand {
}
