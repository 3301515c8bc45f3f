package org.hadoopdb.benchmarks.paper;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.benchmarks.report.MemoryUse;
import org.hadoopdb.cluster.embedded.EmbeddedNode;

/**
 * The memory of HadoopDB's side of a benchmark run: this JVM's peak resident memory (HadoopDB's client, its local
 * MapReduce jobs and the other in-process systems share it), and the embedded PostgreSQL nodes' proportional
 * resident memory now (each node's postmaster and live backends; shared buffers counted once). PostgreSQL's is not a
 * peak: backends come and go, and a peak per process would count the shared buffers once per backend.
 */
final class HadoopDbMemory {
    private HadoopDbMemory() {
    }

    /** Both measures, for the report; {@code systems} names what ran in this JVM and on the nodes. */
    static List<MemoryUse> measure(List<EmbeddedNode> nodes, String systems) {
        List<MemoryUse> out = new ArrayList<>();
        out.add(new MemoryUse("HadoopDB JVM (this process)", systems, ProcessMemory.peakBytes(ProcessHandle.current().pid()),
                "peak resident (VmHWM) since the JVM started"));
        long pss = 0;
        int processes = 0;
        for (EmbeddedNode node : nodes) {
            Long pid = node.postmasterPid().orElse(null);
            if (pid == null) {
                continue;
            }
            List<Long> tree = new ArrayList<>(List.of(pid));
            ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> tree.add(d.pid())));
            for (long p : tree) {
                long bytes = ProcessMemory.proportionalBytes(p);
                if (bytes >= 0) {
                    pss += bytes;
                    processes++;
                }
            }
        }
        out.add(new MemoryUse("PostgreSQL nodes (" + processes + " processes)", systems, processes == 0 ? -1 : pss,
                "proportional resident (Pss) at the end of the run, not a peak"));
        return out;
    }
}
