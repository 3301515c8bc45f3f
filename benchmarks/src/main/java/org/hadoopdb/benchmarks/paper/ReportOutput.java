package org.hadoopdb.benchmarks.paper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.benchmarks.report.BenchReport;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.cli.Console;

/** Prints a benchmark's table of medians and its ratios on stdout, and writes its results folder. */
final class ReportOutput {
    private ReportOutput() {
    }

    static void write(BenchReport report, Path dir, Console console) throws IOException {
        Map<String, Map<String, Measurement>> byTask = new LinkedHashMap<>();
        for (Measurement m : report.measurements()) {
            byTask.computeIfAbsent(m.task(), t -> new LinkedHashMap<>()).put(m.system(), m);
        }
        var out = console.out();
        out.println();
        report.setup().forEach((k, v) -> out.printf(Locale.ROOT, "%s: %s%n", k, v));
        out.println("median seconds (min-max)");
        // HadoopDB's systems always (a dash where one did not run), then the peers measured
        List<String> columns = new ArrayList<>(Systems.ALL);
        report.systems().stream().filter(s -> !columns.contains(s)).forEach(columns::add);
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-20s", "TASK"));
        for (String s : columns) {
            header.append(String.format(Locale.ROOT, " %22s", s));
        }
        header.append("   SMS/IDEAL SMS/HAND HADOOP/SMS PG/SMS");
        out.println(header);
        for (var e : byTask.entrySet()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-20s", e.getKey()));
            for (String s : columns) {
                Measurement m = e.getValue().get(s);
                line.append(String.format(Locale.ROOT, " %22s", m == null ? "-"
                        : m.seconds().size() == 1 ? String.format(Locale.ROOT, "%.2f", m.median())
                        : String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", m.median(), m.min(), m.max())));
            }
            line.append("   ").append(ratio(e.getValue(), Systems.SMS, Systems.IDEAL)).append(' ')
                    .append(ratio(e.getValue(), Systems.SMS, Systems.HAND)).append(' ')
                    .append(ratio(e.getValue(), Systems.HADOOP, Systems.SMS)).append(' ')
                    .append(ratio(e.getValue(), Systems.SINGLE_PG, Systems.SMS));
            out.println(line);
        }
        if (!report.memory().isEmpty()) {
            out.println();
            out.println("memory");
            report.memory().forEach(m -> out.printf(Locale.ROOT, "%-30s %12s  %s (%s)%n", m.process(), m.mebibytes(), m.measure(),
                    m.systems()));
        }
        List<String> notes = new ArrayList<>(report.notes());
        if (!notes.isEmpty()) {
            out.println();
            notes.forEach(n -> out.println("- " + n));
        }
        org.hadoopdb.benchmarks.report.ReportWriter.write(report, dir);
        out.println();
        out.println("results (CSV, Markdown, charts): " + dir);
        out.flush();
    }

    private static String ratio(Map<String, Measurement> m, String top, String bottom) {
        Measurement a = m.get(top);
        Measurement b = m.get(bottom);
        return a == null || b == null || b.median() == 0 ? "   -" : String.format(Locale.ROOT, "%.2f", a.median() / b.median());
    }
}
