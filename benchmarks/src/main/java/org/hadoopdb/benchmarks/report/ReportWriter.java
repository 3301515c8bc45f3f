package org.hadoopdb.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Writes a benchmark run as a results folder: {@code results.csv} (every timed run), {@code summary.csv}
 * (median, min, max per task and system), {@code memory.csv} (the processes' memory, when measured), {@code results.md} (the tables and ratios, ready to paste into
 * BENCHMARKS.md) and PNG bar charts in the style of the paper's figures: one per task with the systems
 * side by side, and {@code overview.png} with every query task
 * (linear seconds: the per-task charts show the short tasks).
 *
 * <pre>{@code
 * ReportWriter.write(report, Path.of("bench-results/pavlo-20261123"));
 * }</pre>
 */
public final class ReportWriter {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    /** A ratio of two systems' medians that the report shows, and what it measures. */
    private record Ratio(String label, String meaning, String top, String bottom) { }

    private static final List<Ratio> RATIOS = List.of(
            new Ratio("SMS / ideal", "MapReduce overhead", Systems.SMS, Systems.IDEAL),
            new Ratio("SMS / hand-coded", "planner overhead", Systems.SMS, Systems.HAND),
            new Ratio("Hadoop text / SMS", "the paper's headline", Systems.HADOOP, Systems.SMS),
            new Ratio("one PostgreSQL / SMS", "a single database against HadoopDB", Systems.SINGLE_PG, Systems.SMS));

    private ReportWriter() {
    }

    /** Writes every file of the folder (created if missing); returns the Markdown. */
    public static String write(BenchReport report, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.csv"), runsCsv(report), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.csv"), summaryCsv(report), StandardCharsets.UTF_8);
        if (!report.memory().isEmpty()) {
            Files.writeString(dir.resolve("memory.csv"), memoryCsv(report), StandardCharsets.UTF_8);
        }
        String markdown = markdown(report);
        Files.writeString(dir.resolve("results.md"), markdown, StandardCharsets.UTF_8);
        Map<String, Map<String, Measurement>> byTask = byTask(report);
        for (var e : byTask.entrySet()) {
            save(taskChart(e.getKey(), e.getValue()), dir.resolve(fileName(e.getKey())));
        }
        Map<String, Map<String, Measurement>> queries = new LinkedHashMap<>(byTask);
        queries.keySet().removeIf(ReportWriter::isLoad);
        if (!queries.isEmpty()) {
            save(overview(report.title(), queries), dir.resolve("overview.png"));
        }
        return markdown;
    }

    /** One line per timed run: task, system, run number, seconds, rows. */
    static String runsCsv(BenchReport report) {
        StringBuilder sb = new StringBuilder("task,system,run,seconds,rows\n");
        for (Measurement m : report.measurements()) {
            for (int i = 0; i < m.seconds().size(); i++) {
                sb.append(csv(m.task())).append(',').append(csv(m.system())).append(',').append(i + 1).append(',')
                        .append(String.format(Locale.ROOT, "%.4f", m.seconds().get(i))).append(',').append(m.rows()).append('\n');
            }
        }
        return sb.toString();
    }

    /** One line per task and system: median, min and max seconds over the timed runs. */
    static String summaryCsv(BenchReport report) {
        StringBuilder sb = new StringBuilder("task,system,runs,median_s,min_s,max_s,rows\n");
        for (Measurement m : report.measurements()) {
            sb.append(csv(m.task())).append(',').append(csv(m.system())).append(',').append(m.seconds().size())
                    .append(String.format(Locale.ROOT, ",%.4f,%.4f,%.4f,", m.median(), m.min(), m.max())).append(m.rows()).append('\n');
        }
        return sb.toString();
    }

    /** One line per measured process: what, the systems it served, bytes (-1: unknown), the measure. */
    static String memoryCsv(BenchReport report) {
        StringBuilder sb = new StringBuilder("process,systems,bytes,measure\n");
        for (MemoryUse m : report.memory()) {
            sb.append(csv(m.process())).append(',').append(csv(m.systems())).append(',').append(m.bytes()).append(',')
                    .append(csv(m.measure())).append('\n');
        }
        return sb.toString();
    }

    /** The setup, then a table per kind of task (loads, queries) with the ratios that matter, then the notes. */
    static String markdown(BenchReport report) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ").append(report.title()).append("\n\n");
        sb.append("Command: `").append(report.command()).append("`\n\n");
        sb.append("Machine: ").append(report.machine()).append("\n\n");
        report.setup().forEach((k, v) -> sb.append("- ").append(k).append(": ").append(v).append('\n'));
        Map<String, Map<String, Measurement>> byTask = byTask(report);
        List<String> systems = report.systems();
        List<String> loads = byTask.keySet().stream().filter(ReportWriter::isLoad).toList();
        List<String> queries = byTask.keySet().stream().filter(t -> !isLoad(t)).toList();
        if (!loads.isEmpty()) {
            sb.append("\nLoads (seconds, one run):\n\n");
            table(sb, loads, byTask, systems, false);
        }
        if (!queries.isEmpty()) {
            sb.append("\nQueries (seconds: median of the timed runs, min–max in brackets):\n\n");
            table(sb, queries, byTask, systems, true);
            ratios(sb, queries, byTask);
        }
        if (!report.memory().isEmpty()) {
            sb.append("\nMemory:\n\n| process | systems | memory | measure |\n|---|---|---:|---|\n");
            report.memory().forEach(m -> sb.append("| ").append(m.process()).append(" | ").append(m.systems()).append(" | ")
                    .append(m.mebibytes()).append(" | ").append(m.measure()).append(" |\n"));
        }
        if (!report.notes().isEmpty()) {
            sb.append("\nNotes:\n\n");
            report.notes().forEach(n -> sb.append("- ").append(n).append('\n'));
        }
        return sb.toString();
    }

    /** The ratios that matter, leaving out those no task of this report has both systems for. */
    private static void ratios(StringBuilder sb, List<String> tasks, Map<String, Map<String, Measurement>> byTask) {
        List<Ratio> shown = RATIOS.stream()
                .filter(r -> tasks.stream().anyMatch(t -> !ratio(byTask.get(t), r.top(), r.bottom()).equals("–")))
                .toList();
        if (shown.isEmpty()) {
            return;
        }
        sb.append("\nRatios of the medians (")
                .append(String.join("; ", shown.stream().map(r -> r.label() + ": " + r.meaning()).toList()))
                .append("):\n\n| task |");
        shown.forEach(r -> sb.append(' ').append(r.label()).append(" |"));
        sb.append("\n|---|");
        shown.forEach(r -> sb.append("---:|"));
        sb.append('\n');
        for (String t : tasks) {
            sb.append("| ").append(t).append(" |");
            shown.forEach(r -> sb.append(' ').append(ratio(byTask.get(t), r.top(), r.bottom())).append(" |"));
            sb.append('\n');
        }
    }

    private static void table(StringBuilder sb, List<String> tasks, Map<String, Map<String, Measurement>> byTask,
                              List<String> systems, boolean ranges) {
        sb.append("| task |");
        systems.forEach(s -> sb.append(' ').append(s).append(" |"));
        sb.append(" rows |\n|---|");
        systems.forEach(s -> sb.append("---:|"));
        sb.append("---:|\n");
        for (String t : tasks) {
            Map<String, Measurement> m = byTask.get(t);
            sb.append("| ").append(t).append(" |");
            long rows = -1;
            for (String s : systems) {
                Measurement x = m.get(s);
                if (x == null) {
                    sb.append(" – |");
                    continue;
                }
                rows = Math.max(rows, x.rows());
                sb.append(ranges && x.seconds().size() > 1
                        ? String.format(Locale.ROOT, " %.2f (%.2f–%.2f) |", x.median(), x.min(), x.max())
                        : String.format(Locale.ROOT, " %.2f |", x.median()));
            }
            sb.append(rows < 0 ? " – |" : String.format(Locale.ROOT, " %,d |", rows)).append('\n');
        }
    }

    private static CategoryChart taskChart(String task, Map<String, Measurement> bySystem) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(task).yAxisTitle("seconds").build();
        style(chart);
        for (Measurement m : bySystem.values()) {
            chart.addSeries(m.system(), List.of(task), List.of(m.median()), List.of(spread(m)));
        }
        return chart;
    }

    private static CategoryChart overview(String title, Map<String, Map<String, Measurement>> byTask) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH * 3 / 2).height(HEIGHT).title(title).yAxisTitle("seconds").build();
        style(chart);
        List<String> tasks = new ArrayList<>(byTask.keySet());
        List<String> systems = new ArrayList<>();
        byTask.values().forEach(m -> m.keySet().stream().filter(s -> !systems.contains(s)).forEach(systems::add));
        for (String s : systems) {
            List<Double> y = new ArrayList<>();
            for (String t : tasks) {
                Measurement m = byTask.get(t).get(s);
                y.add(m == null ? null : m.median()); // no bar for a system that did not run the task
            }
            chart.addSeries(s, tasks, y);
        }
        return chart;
    }

    private static void style(CategoryChart chart) {
        Styler s = chart.getStyler();
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setAvailableSpaceFill(0.8);
        chart.getStyler().setOverlapped(false);
        chart.getStyler().setErrorBarsColor(java.awt.Color.DARK_GRAY);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    }

    /** The error bar: how far the slower or the faster extreme run lies from the median (XChart's bars are symmetric). */
    private static double spread(Measurement m) {
        return Math.max(m.max() - m.median(), m.median() - m.min());
    }

    private static void save(CategoryChart chart, Path png) throws IOException {
        String base = png.toString();
        BitmapEncoder.saveBitmap(chart, base.substring(0, base.length() - ".png".length()), BitmapEncoder.BitmapFormat.PNG);
    }

    private static Map<String, Map<String, Measurement>> byTask(BenchReport report) {
        Map<String, Map<String, Measurement>> byTask = new LinkedHashMap<>();
        for (Measurement m : report.measurements()) {
            byTask.computeIfAbsent(m.task(), t -> new LinkedHashMap<>()).put(m.system(), m);
        }
        return byTask;
    }

    private static boolean isLoad(String task) {
        return task.startsWith("Load ");
    }

    private static String ratio(Map<String, Measurement> m, String top, String bottom) {
        Measurement a = m.get(top);
        Measurement b = m.get(bottom);
        return a == null || b == null || b.median() <= 0 ? "–" : String.format(Locale.ROOT, "%.2f", a.median() / b.median());
    }

    static String fileName(String task) {
        return task.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "") + ".png";
    }

    private static String csv(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
