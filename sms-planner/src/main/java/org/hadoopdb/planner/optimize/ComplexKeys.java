package org.hadoopdb.planner.optimize;

import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexVisitorImpl;
import org.hadoopdb.planner.SemanticException;

/**
 * Refuses to group, sort, join or compare on ARRAY, MAP or STRUCT values, with the column's name: rows
 * are shuffled and compared by sort keys, which hold primitive values only (and Hive itself groups
 * on no map). Run on the optimised plan, so every GROUP BY, DISTINCT, set operation, ORDER BY, join
 * condition and window key is seen in one form.
 */
public final class ComplexKeys {
    private ComplexKeys() {
    }

    /** @throws SemanticException naming the first key column of a complex type */
    public static void check(RelNode rel) {
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                inspect(node);
                super.visit(node, ordinal, parent);
            }
        }.go(rel);
    }

    private static void inspect(RelNode rel) {
        if (rel instanceof Aggregate a) {
            for (int g : a.getGroupSet()) {
                refuseIfComplex(a.getInput().getRowType().getFieldList().get(g), "GROUP BY or DISTINCT");
            }
        } else if (rel instanceof Sort s) {
            for (RelFieldCollation c : s.getCollation().getFieldCollations()) {
                refuseIfComplex(s.getRowType().getFieldList().get(c.getFieldIndex()), "ORDER BY");
            }
        } else if (rel instanceof Join j) {
            comparisons(j.getCondition(), "a join condition");
        } else if (rel instanceof Filter f) {
            comparisons(f.getCondition(), "a condition");
        } else if (rel instanceof Project p) {
            p.getProjects().forEach(e -> comparisons(e, "an expression"));
        } else if (rel instanceof Window w) {
            for (Window.Group g : w.groups) {
                for (int k : g.keys) {
                    refuseIfComplex(w.getInput().getRowType().getFieldList().get(k), "PARTITION BY");
                }
                for (RelFieldCollation c : g.orderKeys.getFieldCollations()) {
                    refuseIfComplex(w.getInput().getRowType().getFieldList().get(c.getFieldIndex()), "a window's ORDER BY");
                }
            }
        }
    }

    private static void comparisons(RexNode condition, String where) {
        condition.accept(new RexVisitorImpl<Void>(true) {
            @Override
            public Void visitCall(RexCall call) {
                switch (call.getKind()) {
                    case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL,
                         IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM, IN, SEARCH -> {
                        for (RexNode o : call.operands) {
                            if (isComplex(o.getType())) {
                                throw new SemanticException("Values of type " + typeName(o.getType()) + " cannot be compared ("
                                        + call + " in " + where + "): compare their elements or fields instead");
                            }
                        }
                    }
                    default -> {
                    }
                }
                return super.visitCall(call);
            }
        });
    }

    private static void refuseIfComplex(RelDataTypeField field, String what) {
        if (isComplex(field.getType())) {
            throw new SemanticException("Column '" + field.getName() + "' is " + typeName(field.getType())
                    + ", which cannot be used in " + what + ": arrays, maps and structs cannot be grouped, sorted or joined on");
        }
    }

    /** Whether {@code t} is an ARRAY, MAP or STRUCT (ROW), whose values are jsonb in the chunks and not orderable. */
    public static boolean isComplex(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case ARRAY, MAP, ROW, MULTISET -> true;
            default -> false;
        };
    }

    private static String typeName(RelDataType t) {
        try {
            return org.hadoopdb.planner.analyze.TypeMapping.toHive(t, "value").toString();
        } catch (RuntimeException e) {
            return t.getFullTypeString();
        }
    }
}
