package org.hadoopdb.benchmarks.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A scaling run: the same benchmark at several data sizes, one {@link BenchReport} per size. Writes
 * {@code scaling.md} (for each task, each system's median seconds at each size and the slope of its line on log-log
 * axes) and a log-log SVG chart per task, {@code scaling-<task>.svg}, one line per system. The slope is the least
 * squares fit of log(seconds) against log(size): 1 when the time grows as the data does, less when a fixed cost
 * (start-up, planning, a job's scheduling) dominates, more when something grows faster than the data.
 *
 * <pre>{@code
 * ScalingReport.write("HadoopDB paper benchmark", List.of(new Size("1GB", 1e9, r1), new Size("2GB", 2e9, r2)), dir);
 * }</pre>
 */
public final class ScalingReport {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    /**
     * One size of the run.
     *
     * @param label  as given on the command line, e.g. "0.5GB"
     * @param bytes  the data size it stands for (UserVisits' bytes)
     * @param report the benchmark at that size
     */
    public record Size(String label, double bytes, BenchReport report) {
    }

    private ScalingReport() {
    }

    /** Writes {@code scaling.md} and the charts into {@code dir}; returns the Markdown. */
    public static String write(String title, List<Size> sizes, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        String markdown = markdown(title, sizes);
        Files.writeString(dir.resolve("scaling.md"), markdown, StandardCharsets.UTF_8);
        for (String task : tasks(sizes)) {
            XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(task + ": seconds against data size")
                    .xAxisTitle("UserVisits MB (log scale)").yAxisTitle("median seconds (log scale)").build();
            Styler s = chart.getStyler();
            s.setLegendPosition(Styler.LegendPosition.OutsideS);
            s.setLegendLayout(Styler.LegendLayout.Horizontal);
            s.setChartBackgroundColor(java.awt.Color.WHITE);
            // the logarithms on linear axes, labelled with the values: XChart's own log axes label only powers of ten,
            // which a range of a few sizes may not contain
            chart.getStyler().setxAxisTickLabelsFormattingFunction(ScalingReport::tick);
            chart.getStyler().setyAxisTickLabelsFormattingFunction(ScalingReport::tick);
            for (String system : systems(sizes, task)) {
                List<double[]> points = points(sizes, task, system);
                if (points.isEmpty()) {
                    continue;
                }
                double slope = slope(points);
                chart.addSeries(system + (Double.isNaN(slope) ? "" : String.format(Locale.ROOT, " (slope %.2f)", slope)),
                        points.stream().mapToDouble(p -> Math.log10(p[0] / (1 << 20))).toArray(),
                        points.stream().mapToDouble(p -> Math.log10(p[1])).toArray())
                        .setMarker(SeriesMarkers.CIRCLE);
            }
            if (!chart.getSeriesMap().isEmpty()) {
                VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(chartName(task)).toString(),
                        VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            }
        }
        return markdown;
    }

    /** Per task, a table of systems against sizes (median seconds) with each system's log-log slope. */
    static String markdown(String title, List<Size> sizes) {
        StringBuilder sb = new StringBuilder("## Scaling: ").append(title).append("\n\n");
        sb.append("Median seconds at each size (UserVisits' size); slope: least squares of log(seconds) against log(size) "
                + "(1: time grows as the data).\n");
        for (String task : tasks(sizes)) {
            sb.append("\n### ").append(task).append("\n\n| system |");
            sizes.forEach(s -> sb.append(' ').append(s.label()).append(" |"));
            sb.append(" slope |\n|---|");
            sizes.forEach(s -> sb.append("---:|"));
            sb.append("---:|\n");
            for (String system : systems(sizes, task)) {
                sb.append("| ").append(system).append(" |");
                for (Size size : sizes) {
                    Measurement m = find(size.report(), task, system);
                    sb.append(m == null ? " – |" : String.format(Locale.ROOT, " %.3f |", m.median()));
                }
                double slope = slope(points(sizes, task, system));
                sb.append(Double.isNaN(slope) ? " – |" : String.format(Locale.ROOT, " %.2f |", slope)).append('\n');
            }
            sb.append("\n![").append(task).append("](").append(chartName(task)).append(")\n");
        }
        return sb.toString();
    }

    /**
     * The slope of the least-squares line through the points' logarithms (each point: size, seconds); NaN when fewer
     * than two points have positive values at two different sizes.
     */
    static double slope(List<double[]> points) {
        List<double[]> logs = points.stream().filter(p -> p[0] > 0 && p[1] > 0)
                .map(p -> new double[] {Math.log(p[0]), Math.log(p[1])}).toList();
        int n = logs.size();
        if (n < 2) {
            return Double.NaN;
        }
        double mx = logs.stream().mapToDouble(p -> p[0]).average().orElseThrow();
        double my = logs.stream().mapToDouble(p -> p[1]).average().orElseThrow();
        double sxy = 0;
        double sxx = 0;
        for (double[] p : logs) {
            sxy += (p[0] - mx) * (p[1] - my);
            sxx += (p[0] - mx) * (p[0] - mx);
        }
        return sxx == 0 ? Double.NaN : sxy / sxx;
    }

    /** An axis label: the value whose decimal logarithm is {@code log10}, to two significant digits. */
    static String tick(double log10) {
        return new BigDecimal(Math.pow(10, log10)).round(new MathContext(2)).stripTrailingZeros().toPlainString();
    }

    static String chartName(String task) {
        return "scaling-" + task.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "") + ".svg";
    }

    private static List<double[]> points(List<Size> sizes, String task, String system) {
        List<double[]> points = new ArrayList<>();
        for (Size size : sizes) {
            Measurement m = find(size.report(), task, system);
            if (m != null && m.median() > 0) {
                points.add(new double[] {size.bytes(), m.median()});
            }
        }
        return points;
    }

    private static Measurement find(BenchReport report, String task, String system) {
        return report.measurements().stream().filter(m -> m.task().equals(task) && m.system().equals(system)).findFirst().orElse(null);
    }

    private static List<String> tasks(List<Size> sizes) {
        Set<String> tasks = new LinkedHashSet<>();
        sizes.forEach(s -> s.report().measurements().forEach(m -> tasks.add(m.task())));
        return new ArrayList<>(tasks);
    }

    private static List<String> systems(List<Size> sizes, String task) {
        Map<String, Boolean> systems = new LinkedHashMap<>();
        for (Size s : sizes) {
            s.report().systems().forEach(name -> {
                if (find(s.report(), task, name) != null) {
                    systems.put(name, true);
                }
            });
        }
        return new ArrayList<>(systems.keySet());
    }
}
