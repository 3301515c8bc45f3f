package org.hadoopdb.planner.explain;

import java.util.List;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;

/**
 * EXPLAIN's text: the stages (map-only or map + reduce, reducers, shuffle key), the exact SQL sent
 * to the chunks, and which operators stayed in MapReduce and why.
 */
public final class PlanPrinter {
    private PlanPrinter() {
    }

    /**
     * @param logicalPlan the optimized logical plan, printed by EXPLAIN EXTENDED (null to omit)
     * @param extended    also print the generated Java of MapReduce expressions
     */
    public static String print(QueryPlan plan, String logicalPlan, boolean extended) {
        StringBuilder sb = new StringBuilder();
        if (extended && logicalPlan != null) {
            sb.append("LOGICAL PLAN\n");
            logicalPlan.lines().forEach(l -> sb.append("  ").append(l).append('\n'));
            sb.append('\n');
        }
        if (plan.stages().isEmpty()) {
            sb.append("NO MAPREDUCE JOB\n");
        } else {
            sb.append("STAGES\n");
            for (Stage s : plan.stages()) {
                stage(sb, s, extended);
            }
        }
        sb.append("RESULT\n  ");
        if (plan.result() instanceof QueryPlan.Direct d) {
            sb.append("read directly from the chunks (fetch task)\n");
            source(sb, d.source(), "    ");
        } else {
            sb.append("output of stage ").append(((QueryPlan.FromStage) plan.result()).stage()).append('\n');
        }
        sb.append("  columns: ").append(columns(plan.schema())).append(plan.ordered() ? "  (ordered)" : "").append('\n');
        if (!plan.notes().isEmpty()) {
            sb.append("NOTES\n");
            for (String n : plan.notes()) {
                sb.append("  - ").append(n).append('\n');
            }
        }
        return sb.toString();
    }

    private static void stage(StringBuilder sb, Stage s, boolean extended) {
        sb.append("  Stage ").append(s.id()).append(": ");
        sb.append(s.mapOnly() ? "map-only" : "map + reduce (" + s.shuffle().reducers() + " reducer"
                + (s.shuffle().reducers() == 1 ? "" : "s") + ")").append('\n');
        for (StageInput in : s.inputs()) {
            if (in instanceof StageInput.Chunks c) {
                sb.append("    Map input ").append(c.source().name()).append(": ");
                source(sb, c.source(), "      ");
            } else if (in instanceof StageInput.Files f) {
                sb.append("    Map input: files of external table ").append(f.table()).append(" at ").append(f.location())
                        .append(" (").append(columns(f.schema())).append(")\n");
            } else {
                StageInput.PreviousStage p = (StageInput.PreviousStage) in;
                sb.append("    Map input: output of stage ").append(p.stage()).append(" (").append(columns(p.schema())).append(")\n");
            }
            for (OperatorSpec op : in.mapOps()) {
                operator(sb, op, "      Map: ", extended);
            }
        }
        if (!s.mapOnly()) {
            sb.append("    Shuffle: ").append(s.shuffle().key().columns().isEmpty() ? "everything to one reducer"
                    : "key " + s.shuffle().key() + ", partitioned on the first " + s.shuffle().key().groupColumns()
                    + " key column(s)").append('\n');
            sb.append("      why: ").append(s.shuffle().why()).append('\n');
            for (OperatorSpec op : s.reduceOps()) {
                operator(sb, op, "    Reduce: ", extended);
            }
        }
        sb.append("    Output: ").append(columns(s.output())).append('\n');
    }

    private static void source(StringBuilder sb, ChunkSource c, String indent) {
        String chunks = c.chunks() == null ? "all chunks" : c.chunks().size() == 1 ? "chunk " + c.chunks().first()
                : "chunks " + c.chunks();
        sb.append(c.driver() == null ? "one node" : c.driver() + ", " + chunks).append(" — ").append(c.what()).append('\n');
        sb.append(indent).append("SQL: ").append(c.sql()).append('\n');
        for (KeyFilter k : c.keys()) {
            sb.append(indent).append("Keys: only rows whose ").append(c.schema().name(k.column()))
                    .append(" is among the keys stage ").append(k.buildStage()).append(" writes (")
                    .append(k.buildSchema().name(k.buildKey())).append("), filtered in PostgreSQL when that stage has run")
                    .append('\n');
        }
    }

    private static void operator(StringBuilder sb, OperatorSpec op, String prefix, boolean extended) {
        sb.append(prefix).append(op.describe()).append('\n');
        if (extended) {
            String source = op instanceof OperatorSpec.Filter f ? f.javaSource()
                    : op instanceof OperatorSpec.Project p ? p.javaSource() : null;
            if (source != null) {
                source.lines().forEach(l -> sb.append("        | ").append(l).append('\n'));
            }
        }
    }

    private static String columns(RowSchema schema) {
        List<String> parts = new java.util.ArrayList<>();
        for (RowSchema.Field f : schema.fields()) {
            parts.add(f.name() + " " + f.type());
        }
        return String.join(", ", parts);
    }
}
