package org.hadoopdb.console;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.StageProgress;

/**
 * A statement's stages as bars on one time axis, from its receipt to its end (or now): inline SVG
 * written by the server, no script and no library. A stage's bar starts at its first progress report
 * and ends when it ended well; a stage that never ended runs to the statement's end, marked as
 * stopped when the statement failed or was cancelled, as running while it runs.
 */
final class StageTimeline {
    private static final int LABEL_WIDTH = 190;
    private static final int BAR_WIDTH = 560;
    private static final int ROW_HEIGHT = 22;
    private static final int AXIS_HEIGHT = 18;
    private static final int TEXT_WIDTH = 90;

    private StageTimeline() {
    }

    /** The SVG, or an empty string when no stage has a known start (statements recorded before stage times were kept). */
    static String svg(QueryInfo q, Instant now) {
        List<StageProgress> stages = q.stages().stream().filter(s -> s.started() != null).toList();
        if (stages.isEmpty()) {
            return "";
        }
        long t0 = q.started().toEpochMilli();
        Instant end = q.ended() != null ? q.ended() : now;
        long span = Math.max(1, end.toEpochMilli() - t0);
        int width = LABEL_WIDTH + BAR_WIDTH + TEXT_WIDTH;
        int height = stages.size() * ROW_HEIGHT + AXIS_HEIGHT;
        StringBuilder b = new StringBuilder();
        b.append("<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" role=\"img\" aria-label=\"stage timeline\">\n");
        for (int i = 0; i < stages.size(); i++) {
            StageProgress s = stages.get(i);
            int y = i * ROW_HEIGHT;
            Instant stageEnd = s.ended() != null ? s.ended() : end;
            double x = x(s.started().toEpochMilli() - t0, span);
            double w = Math.max(2, x(stageEnd.toEpochMilli() - t0, span) - x);
            String kind = s.ended() != null ? "done" : q.state().done() ? "stopped" : "running";
            String label = "Stage " + s.stage() + "/" + s.stages() + " " + s.jobId();
            b.append("<g class=\"stage ").append(kind).append("\" data-stage=\"").append(s.stage()).append("\">")
                    .append("<title>").append(Html.escape(label)).append(": ").append(s.started()).append(" to ")
                    .append(s.ended() == null ? kind : s.ended().toString()).append(", ").append(s.elapsedMillis(end))
                    .append(" ms</title>")
                    .append("<text x=\"0\" y=\"").append(y + 15).append("\">").append(Html.escape(shorten(label))).append("</text>")
                    .append("<rect class=\"bar-").append(kind).append("\" x=\"").append(fmt(LABEL_WIDTH + x)).append("\" y=\"")
                    .append(y + 4).append("\" width=\"").append(fmt(w)).append("\" height=\"").append(ROW_HEIGHT - 8)
                    .append("\"/>")
                    .append("<text x=\"").append(fmt(LABEL_WIDTH + x + w + 4)).append("\" y=\"").append(y + 15).append("\">")
                    .append(s.elapsedMillis(end)).append(" ms</text></g>\n");
        }
        int axisY = stages.size() * ROW_HEIGHT;
        b.append("<line x1=\"").append(LABEL_WIDTH).append("\" y1=\"").append(axisY).append("\" x2=\"")
                .append(LABEL_WIDTH + BAR_WIDTH).append("\" y2=\"").append(axisY).append("\" stroke=\"#888\"/>")
                .append("<text x=\"").append(LABEL_WIDTH).append("\" y=\"").append(axisY + 14).append("\">0</text>")
                .append("<text x=\"").append(LABEL_WIDTH + BAR_WIDTH).append("\" y=\"").append(axisY + 14)
                .append("\" text-anchor=\"end\">").append(span).append(" ms</text>\n</svg>\n");
        return b.toString();
    }

    private static double x(long offsetMillis, long span) {
        return Math.max(0, Math.min(BAR_WIDTH, offsetMillis * (double) BAR_WIDTH / span));
    }

    private static String fmt(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }

    private static String shorten(String label) {
        return label.length() <= 28 ? label : label.substring(0, 27) + "…";
    }
}
