package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.chunk.StatementHints;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;

/**
 * Makes the chunk statement of a stage that only says which rows exist return each row once: a map-only stage whose
 * output is read only as the small input of semi and anti joins (and for the keys that filter other statements) is
 * used as a set, so duplicates are work for nothing. TPC-H Q22's orders of the candidate customers came back as 420,579
 * customer keys to look 42,015 customers up in; each chunk now returns its distinct keys.
 *
 * <p>Only for stages whose map operators work on each row alone (filters, projections, broadcast joins): the set of
 * output rows is then the same from the distinct chunk rows. Not for
 * FLOAT or DOUBLE columns: PostgreSQL's DISTINCT keeps one of {@code 0.0} and {@code -0.0}, and one NaN, where Hive's
 * comparisons of the join might tell them apart.
 */
final class DistinctBuildInputs {
    private DistinctBuildInputs() {
    }

    /** {@code stages} with the chunk statements of the stages used only as sets read as sets. */
    static List<Stage> apply(List<Stage> stages, QueryPlan.Result result) {
        Set<Integer> asSets = new HashSet<>();
        Set<Integer> otherwise = new HashSet<>();
        if (result instanceof QueryPlan.FromStage r) {
            otherwise.add(r.stage());
        }
        for (Stage s : stages) {
            for (StageInput in : s.inputs()) {
                uses(in.mapOps(), asSets, otherwise);
                if (in instanceof StageInput.PreviousStage p) {
                    otherwise.add(p.stage());
                } else if (in instanceof StageInput.Chunks c) {
                    c.source().keys().stream().map(KeyFilter::buildStage).forEach(asSets::add);
                }
            }
            uses(s.reduceOps(), asSets, otherwise);
        }
        List<Stage> out = new ArrayList<>();
        for (Stage s : stages) {
            out.add(asSets.contains(s.id()) && !otherwise.contains(s.id()) && rowByRow(s) ? distinct(s) : s);
        }
        return out;
    }

    private static void uses(List<OperatorSpec> ops, Set<Integer> asSets, Set<Integer> otherwise) {
        for (OperatorSpec op : ops) {
            if (op instanceof OperatorSpec.BroadcastJoin b) {
                (b.type().equals("SEMI") || b.type().equals("ANTI") ? asSets : otherwise).add(b.buildStage());
            }
        }
    }

    /**
     * One chunk input, no shuffle, and map operators that work on each row alone (filters, projections, broadcast
     * joins): the set of rows they give from the distinct rows is the set they give from all of them.
     */
    private static boolean rowByRow(Stage s) {
        if (!s.mapOnly() || s.inputs().size() != 1 || !(s.inputs().get(0) instanceof StageInput.Chunks c)) {
            return false;
        }
        return exact(c.source().schema()) && c.mapOps().stream().allMatch(op -> op instanceof OperatorSpec.Filter
                || op instanceof OperatorSpec.Project || op instanceof OperatorSpec.Select || op instanceof OperatorSpec.BroadcastJoin);
    }

    private static Stage distinct(Stage s) {
        StageInput.Chunks c = (StageInput.Chunks) s.inputs().get(0);
        ChunkSource source = c.source();
        String hint = StatementHints.leadingHint(source.sql());
        String sql = hint + "SELECT DISTINCT * FROM (" + source.sql().substring(hint.length()) + ") AS \"hdb_set\"";
        ChunkSource set = new ChunkSource(source.name(), source.driver(), source.tables(), source.chunks(), sql, source.schema(),
                source.what(), source.keys());
        return new Stage(s.id(), List.of(new StageInput.Chunks(set, c.mapOps())), s.shuffle(), s.reduceOps(), s.output());
    }

    /** Whether PostgreSQL's DISTINCT tells apart every two values of {@code schema} that Hive does. */
    private static boolean exact(RowSchema schema) {
        return schema.fields().stream().noneMatch(f -> f.type().kind() == HiveType.Kind.FLOAT || f.type().kind() == HiveType.Kind.DOUBLE);
    }
}
