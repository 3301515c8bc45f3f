package org.hadoopdb.planner.codegen;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexFieldAccess;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * ARRAY, MAP and STRUCT values in generated code. They are held as the row's Java forms
 * ({@code java.util.List} for ARRAY and STRUCT, {@code java.util.Map} for MAP, see
 * {@code ComplexJson}), and so are their elements: an element taken out becomes the generated code's
 * representation of its SQL type ({@link #fromRowForm}), a value put in becomes its row form
 * ({@link #toRowForm}), with the exact boxed class of its type (a TINYINT element is a {@code Byte}),
 * so that values built here equal values read from the chunks.
 */
final class ComplexCodegen {
    private final ExpressionCodegen cg;

    ComplexCodegen(ExpressionCodegen cg) {
        this.cg = cg;
    }

    /** {@code s.f}: field {@code f} of a STRUCT, NULL when the struct is. */
    Val fieldAccess(RexFieldAccess access) {
        Val struct = cg.gen(access.getReferenceExpr());
        if (struct.repr() != Repr.STRUCT) {
            throw new PlannerException("Field access " + access + " on a value that is not a struct");
        }
        int index = access.getField().getIndex();
        return fromRowForm(struct.isNull(), struct.value() + ".get(" + index + ")", access.getType());
    }

    /** A value in row form ({@code Object}, null for NULL) as a generated value of {@code type}. */
    Val fromRowForm(String nullsBefore, String objectExpr, RelDataType type) {
        Repr r = Repr.of(type);
        Val out = cg.declare(r);
        String t = cg.fresh("o");
        cg.emit("if (!" + nullsBefore + ") { Object " + t + " = " + objectExpr + "; if (" + t + " != null) { "
                + out.isNull() + " = false; " + out.value() + " = " + unboxRowForm(t, r) + "; } }");
        return out;
    }

    private static String unboxRowForm(String t, Repr r) {
        return switch (r) {
            case BOOLEAN -> "((Boolean) " + t + ").booleanValue()";
            case INT -> "((Number) " + t + ").intValue()";
            case LONG -> "((Number) " + t + ").longValue()";
            case FLOAT -> "((Number) " + t + ").floatValue()";
            case DOUBLE -> "((Number) " + t + ").doubleValue()";
            case DATE -> "((java.time.LocalDate) " + t + ").toEpochDay()";
            case DECIMAL, STRING, TIMESTAMP, BINARY, ARRAY, MAP, STRUCT -> "((" + r.java + ") " + t + ")";
            default -> throw new PlannerException("A complex value cannot hold a value of " + r);
        };
    }

    /** A Java expression of the row form of {@code v} (of SQL type {@code type}): null when NULL. */
    static String toRowForm(Val v, RelDataType type) {
        if (v.repr() == Repr.NULL || v.isNull().equals("true")) {
            return "null";
        }
        String x = v.value();
        String boxed = switch (type.getSqlTypeName()) {
            case TINYINT -> "Byte.valueOf((byte) " + x + ")";
            case SMALLINT -> "Short.valueOf((short) " + x + ")";
            case INTEGER -> "Integer.valueOf(" + x + ")";
            case BIGINT -> "Long.valueOf(" + x + ")";
            case REAL, FLOAT -> "Float.valueOf(" + x + ")";
            case DOUBLE -> "Double.valueOf(" + x + ")";
            case BOOLEAN -> "Boolean.valueOf(" + x + ")";
            case DATE -> "java.time.LocalDate.ofEpochDay(" + x + ")";
            // a DECIMAL(p,s) value is at scale s wherever generated code computes it
            case DECIMAL, CHAR, VARCHAR, TIMESTAMP, BINARY, VARBINARY, ARRAY, MAP, ROW -> x;
            default -> throw new PlannerException("A value of type " + type.getFullTypeString()
                    + " cannot be put in an array, map or struct");
        };
        return v.isNull().equals("false") ? boxed : "(" + v.isNull() + " ? null : " + boxed + ")";
    }
}
