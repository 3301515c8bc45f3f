package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;

/**
 * Decides whether a join of two pushed fragments can run inside every chunk database, and where its
 * rows then live. A join is chunk-local when
 * <ul>
 *   <li>both inputs are chunked on one partitioning scheme (co-located) and joined on their
 *       partitioning keys, key for key: equal keys are in the same chunk (the paper's Join task);
 *   <li>one input is replicated (or a constant VALUES) and the join never has to emit a row of it
 *       unmatched or deduplicated across chunks: the chunked side is the preserved or probing side
 *       (INNER; LEFT, SEMI or ANTI with the chunked input on the left; RIGHT with it on the right);
 *   <li>both inputs are replicated: the join runs on any one node.
 * </ul>
 */
final class JoinPlacement {
    private JoinPlacement() {
    }

    /** The placement of the join's rows, or null when it is not chunk-local. */
    static Placement of(Placement left, Placement right, JoinRelType type, JoinInfo info, int leftWidth) {
        Set<String> tables = new TreeSet<>(left.tables());
        tables.addAll(right.tables());
        boolean leftAnywhere = !(left instanceof Placement.Chunked);
        boolean rightAnywhere = !(right instanceof Placement.Chunked);
        if (leftAnywhere && rightAnywhere) {
            if (left instanceof Placement.Replicated r) {
                return new Placement.Replicated(r.driver(), tables);
            }
            if (right instanceof Placement.Replicated r) {
                return new Placement.Replicated(r.driver(), tables);
            }
            return new Placement.Single();
        }
        if (left instanceof Placement.Chunked l && rightAnywhere) {
            boolean ok = type == JoinRelType.INNER || type == JoinRelType.LEFT || type == JoinRelType.SEMI
                    || type == JoinRelType.ANTI;
            return ok ? new Placement.Chunked(l.driver(), l.scheme(), l.keyFields(), l.chunks(), tables) : null;
        }
        if (right instanceof Placement.Chunked r && leftAnywhere) {
            boolean ok = type == JoinRelType.INNER || type == JoinRelType.RIGHT;
            return ok ? new Placement.Chunked(r.driver(), r.scheme(), shift(r.keyFields(), leftWidth), r.chunks(), tables)
                    : null;
        }
        Placement.Chunked l = (Placement.Chunked) left;
        Placement.Chunked r = (Placement.Chunked) right;
        if (!l.colocatedWith(r) || !joinedOnKeys(l, r, info)) {
            return null;
        }
        List<Integer> keys = switch (type) {
            case INNER, LEFT, SEMI, ANTI -> l.keyFields();
            case RIGHT -> shift(r.keyFields(), leftWidth);
            default -> List.of(); // FULL: an unmatched row has NULLs where the other side's key was
        };
        return new Placement.Chunked(l.driver(), l.scheme(), keys, chunks(l.chunks(), r.chunks(), type), tables);
    }

    /** Why {@link #of} refused, for EXPLAIN. */
    static String whyNot(Placement left, Placement right, JoinRelType type, JoinInfo info) {
        if (left instanceof Placement.Chunked l && right instanceof Placement.Chunked r) {
            if (!l.colocatedWith(r)) {
                return "the tables are partitioned differently (schemes " + l.scheme().id() + " and " + r.scheme().id() + ")";
            }
            if (!joinedOnKeys(l, r, info)) {
                return "the join condition does not equate the partitioning keys";
            }
        }
        return "the replicated input would have to emit rows " + (type == JoinRelType.FULL ? "unmatched" : "once")
                + " across all chunks";
    }

    /** Every partitioning key position of the left input is equated with the same key position of the right. */
    private static boolean joinedOnKeys(Placement.Chunked l, Placement.Chunked r, JoinInfo info) {
        if (l.keyFields().isEmpty() || l.keyFields().size() != r.keyFields().size()) {
            return false;
        }
        for (int k = 0; k < l.keyFields().size(); k++) {
            boolean found = false;
            for (int i = 0; i < info.leftKeys.size() && !found; i++) {
                found = info.leftKeys.get(i).equals(l.keyFields().get(k)) && info.rightKeys.get(i).equals(r.keyFields().get(k));
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    /** The chunks that can hold result rows, given each input's pruned chunks (null: all). */
    private static SortedSet<Integer> chunks(SortedSet<Integer> l, SortedSet<Integer> r, JoinRelType type) {
        return switch (type) {
            case INNER, SEMI -> l == null ? r : r == null ? l : intersection(l, r);
            case LEFT, ANTI -> l;
            case RIGHT -> r;
            default -> l == null || r == null ? null : union(l, r);
        };
    }

    private static SortedSet<Integer> intersection(SortedSet<Integer> a, SortedSet<Integer> b) {
        SortedSet<Integer> out = new TreeSet<>(a);
        out.retainAll(b);
        return out;
    }

    private static SortedSet<Integer> union(SortedSet<Integer> a, SortedSet<Integer> b) {
        SortedSet<Integer> out = new TreeSet<>(a);
        out.addAll(b);
        return out;
    }

    private static List<Integer> shift(List<Integer> fields, int by) {
        List<Integer> out = new ArrayList<>(fields.size());
        for (int f : fields) {
            out.add(f + by);
        }
        return out;
    }
}
