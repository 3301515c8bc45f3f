package org.hadoopdb.planner.codegen;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * Generated conversions between representations: {@link #convert} is Hive's CAST (with the target
 * type's length, precision and scale), {@link #toRepr} the exact widening used to bring operands
 * to a common representation.
 */
final class Conversions {
    private static final String CASTS = "org.hadoopdb.functions.impl.HiveCasts.";
    private static final String DATES = "org.hadoopdb.functions.impl.HiveDates.";

    private Conversions() {
    }

    /** Hive's CAST of {@code v} (of SQL type {@code from}) to {@code to}. */
    static Val convert(ExpressionCodegen cg, Val v, RelDataType from, RelDataType to) {
        Repr target = Repr.of(to);
        SqlTypeName toName = to.getSqlTypeName();
        if (v.repr() == Repr.NULL || v.isNull().equals("true")) {
            return new Val("true", target.zero, target);
        }
        if (target == Repr.ARRAY || target == Repr.MAP || target == Repr.STRUCT) {
            return complex(cg, v, from, to);
        }
        switch (target) {
            case INT, LONG: {
                if (v.repr() == Repr.STRING) {
                    String parse = switch (toName) {
                        case TINYINT -> "toTinyint";
                        case SMALLINT -> "toSmallint";
                        case INTEGER -> "toInt";
                        default -> "toBigint";
                    };
                    return cg.nullable(v.isNull(), CASTS + parse + "(" + v.value() + ")", target);
                }
                String asLong = switch (v.repr()) {
                    case INT, LONG -> "((long) " + v.value() + ")";
                    case BOOLEAN -> "(" + v.value() + " ? 1L : 0L)";
                    case FLOAT, DOUBLE -> "((long) " + v.value() + ")";
                    case DECIMAL -> v.value() + ".longValue()";
                    case TIMESTAMP -> DATES + "timestampToSeconds(" + v.value() + ")";
                    default -> throw cannot(from, to);
                };
                if (v.repr() == Repr.FLOAT || v.repr() == Repr.DOUBLE) {
                    // Java's narrowing from floating point: truncation, saturating at the target's range for int
                    asLong = toName == SqlTypeName.BIGINT ? asLong : "((long) (int) " + v.value() + ")";
                }
                return new Val(v.isNull(), ExpressionCodegen.narrow(asLong, toName), target);
            }
            case FLOAT, DOUBLE: {
                Val d = toRepr(cg, v, from, Repr.DOUBLE);
                return target == Repr.FLOAT ? new Val(d.isNull(), "((float) " + d.value() + ")", target) : d;
            }
            case DECIMAL: {
                int p = to.getPrecision();
                int s = to.getScale();
                String call = switch (v.repr()) {
                    case INT, LONG -> CASTS + "toDecimal((long) " + v.value() + ", " + p + ", " + s + ")";
                    case FLOAT, DOUBLE -> CASTS + "toDecimal((double) " + v.value() + ", " + p + ", " + s + ")";
                    case DECIMAL -> CASTS + "enforce(" + v.value() + ", " + p + ", " + s + ")";
                    case STRING -> CASTS + "toDecimal(" + v.value() + ", " + p + ", " + s + ")";
                    case BOOLEAN -> CASTS + "toDecimal(" + v.value() + ", " + p + ", " + s + ")";
                    case TIMESTAMP -> DATES + "timestampToDecimal(" + v.value() + ", " + p + ", " + s + ")";
                    default -> throw cannot(from, to);
                };
                if (v.repr() == Repr.DECIMAL && from.getSqlTypeName() == SqlTypeName.DECIMAL
                        && from.getScale() == s && from.getPrecision() <= p) {
                    return new Val(v.isNull(), v.value(), target); // widening: nothing can change
                }
                return cg.nullable(v.isNull(), call, target);
            }
            case STRING: {
                Val str = toRepr(cg, v, from, Repr.STRING);
                int length = to.getPrecision();
                if (length > 0 && length != RelDataType.PRECISION_NOT_SPECIFIED
                        && !(from.getSqlTypeName() == toName && from.getPrecision() <= length && from.getPrecision() > 0)) {
                    return new Val(str.isNull(), "org.hadoopdb.functions.impl.StringFunctions.truncate(" + str.value()
                            + ", " + length + ")", target);
                }
                return str;
            }
            case BOOLEAN: {
                return switch (v.repr()) {
                    case BOOLEAN -> v;
                    case INT, LONG, FLOAT, DOUBLE -> new Val(v.isNull(), "(" + v.value() + " != 0)", target);
                    case DECIMAL -> new Val(v.isNull(), "(" + v.value() + ".signum() != 0)", target);
                    case STRING -> cg.nullable(v.isNull(), CASTS + "toBoolean(" + v.value() + ")", target);
                    default -> throw cannot(from, to);
                };
            }
            default:
                return toRepr(cg, v, from, target);
        }
    }

    /**
     * {@code v} in representation {@code target}: exact widening among numbers (a decimal keeps its
     * scale), strings parsed as Hive parses them (NULL when they do not parse), dates as timestamps.
     */
    static Val toRepr(ExpressionCodegen cg, Val v, RelDataType from, Repr target) {
        Repr r = v.repr();
        if (r == target) {
            return v;
        }
        if (r == Repr.NULL || v.isNull().equals("true")) {
            return new Val("true", target.zero, target);
        }
        String n = v.isNull();
        String x = v.value();
        switch (target) {
            case LONG:
                if (r == Repr.INT) {
                    return new Val(n, "((long) " + x + ")", target);
                }
                if (r == Repr.STRING) {
                    return cg.nullable(n, CASTS + "toBigint(" + x + ")", target);
                }
                break;
            case INT:
                if (r == Repr.STRING) {
                    return cg.nullable(n, CASTS + "toInt(" + x + ")", target);
                }
                if (r == Repr.LONG) {
                    return new Val(n, "((int) " + x + ")", target);
                }
                break;
            case DOUBLE:
                switch (r) {
                    case INT, LONG, FLOAT:
                        return new Val(n, "((double) " + x + ")", target);
                    case DECIMAL:
                        return new Val(n, x + ".doubleValue()", target);
                    case STRING:
                        return cg.nullable(n, CASTS + "toDouble(" + x + ")", target);
                    case BOOLEAN:
                        return new Val(n, "(" + x + " ? 1d : 0d)", target);
                    case TIMESTAMP:
                        return new Val(n, DATES + "timestampToDouble(" + x + ")", target);
                    default:
                        break;
                }
                break;
            case FLOAT:
                if (r.isNumeric() || r == Repr.STRING) {
                    Val d = toRepr(cg, v, from, Repr.DOUBLE);
                    return new Val(d.isNull(), "((float) " + d.value() + ")", target);
                }
                break;
            case DECIMAL:
                switch (r) {
                    case INT, LONG:
                        return new Val(n, "java.math.BigDecimal.valueOf((long) " + x + ")", target);
                    case FLOAT, DOUBLE:
                        return cg.nullable(n, CASTS + "toDecimal((double) " + x + ", 38, 18)", target);
                    case STRING:
                        return cg.nullable(n, CASTS + "toDecimal(" + x + ", 38, 18)", target);
                    default:
                        break;
                }
                break;
            case STRING:
                switch (r) {
                    case INT, LONG:
                        return new Val(n, "Long.toString(" + x + ")", target);
                    case FLOAT:
                        return new Val(n, "Float.toString(" + x + ")", target);
                    case DOUBLE:
                        return new Val(n, "Double.toString(" + x + ")", target);
                    case DECIMAL:
                        return new Val(n, x + ".toPlainString()", target);
                    case BOOLEAN:
                        return new Val(n, CASTS + "toString(" + x + ")", target);
                    case DATE:
                        return new Val(n, CASTS + "dateToString(" + x + ")", target);
                    case TIMESTAMP, BINARY:
                        return new Val(n, CASTS + "toString(" + x + ")", target);
                    default:
                        break;
                }
                break;
            case DATE:
                switch (r) {
                    case TIMESTAMP:
                        return new Val(n, DATES + "timestampToEpochDay(" + x + ")", target);
                    case STRING:
                        return cg.nullable(n, DATES + "toEpochDay(" + x + ")", target);
                    default:
                        break;
                }
                break;
            case TIMESTAMP:
                switch (r) {
                    case DATE:
                        return new Val(n, DATES + "dateToTimestamp(" + x + ")", target);
                    case STRING:
                        return cg.nullable(n, DATES + "toTimestamp(" + x + ")", target);
                    case INT, LONG:
                        return new Val(n, DATES + "secondsToTimestamp((long) " + x + ")", target);
                    case FLOAT, DOUBLE:
                        return cg.nullable(n, DATES + "secondsToTimestamp((double) " + x + ")", target);
                    case DECIMAL:
                        return new Val(n, DATES + "secondsToTimestamp(" + x + ")", target);
                    default:
                        break;
                }
                break;
            case BINARY:
                if (r == Repr.STRING) {
                    return new Val(n, CASTS + "toBinary(" + x + ")", target);
                }
                break;
            case MONTHS, MILLIS:
                if (r == Repr.INT || r == Repr.LONG) {
                    // an interval literal whose type Calcite narrowed: the amount in its own unit
                    return new Val(n, "((" + target.java + ") " + x + ")", target);
                }
                break;
            default:
                break;
        }
        throw new PlannerException("Cannot convert " + from.getFullTypeString() + " to " + target
                + " in MapReduce");
    }

    /**
     * A complex value as another complex type of the same shape: nothing to do when both are the same
     * HiveQL type (nullability and Calcite's CHAR lengths aside), else element by element at run time.
     */
    private static Val complex(ExpressionCodegen cg, Val v, RelDataType from, RelDataType to) {
        org.hadoopdb.catalog.model.HiveType f;
        org.hadoopdb.catalog.model.HiveType t;
        try {
            f = org.hadoopdb.planner.analyze.TypeMapping.toHive(from, "the value");
            t = org.hadoopdb.planner.analyze.TypeMapping.toHive(to, "the value");
        } catch (RuntimeException e) {
            throw cannot(from, to);
        }
        if (f.equals(t)) {
            return v;
        }
        if (f.kind() != t.kind()) {
            throw cannot(from, to);
        }
        String type = "org.hadoopdb.catalog.model.HiveType";
        String fromType = cg.constant(type, type + ".parse(" + ExpressionCodegen.javaString(f.toString()) + ")");
        String toType = cg.constant(type, type + ".parse(" + ExpressionCodegen.javaString(t.toString()) + ")");
        Repr target = Repr.of(to);
        return new Val(v.isNull(), "((" + target.java + ") org.hadoopdb.functions.impl.ComplexCasts.convert(" + v.value()
                + ", " + fromType + ", " + toType + "))", target);
    }

    private static PlannerException cannot(RelDataType from, RelDataType to) {
        return new PlannerException("CAST from " + from.getFullTypeString() + " to " + to.getFullTypeString()
                + " is not supported");
    }
}
