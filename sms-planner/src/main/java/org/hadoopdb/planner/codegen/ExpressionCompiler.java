package org.hadoopdb.planner.codegen;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.analyze.HiveTypeSystem;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.sms.OperatorCompiler;

/**
 * Compiles the expressions that run in MapReduce (filters, projections, HAVING, join residuals,
 * expressions above a repartition) into the Java source of one class each, implementing
 * {@link CompiledPredicate} or {@link CompiledProjection}; each task compiles it once with Janino.
 * Values stay primitive where their type allows, NULLs follow SQL's three-valued logic, and every
 * function has Hive's semantics (see {@code docs/functions.md}).
 *
 * <pre>{@code
 * OperatorSpec.Filter f = new ExpressionCompiler().filter(condition, inputRowType);
 * CompiledPredicate p = loader.load(f.className(), f.javaSource(), CompiledPredicate.class);
 * }</pre>
 */
public final class ExpressionCompiler implements OperatorCompiler {
    private static final String PACKAGE = "org.hadoopdb.planner.codegen.generated";
    private final RexBuilder rexBuilder = new RexBuilder(new JavaTypeFactoryImpl(HiveTypeSystem.INSTANCE));

    @Override
    public OperatorSpec.Filter filter(RexNode condition, RelDataType input) {
        ExpressionCodegen cg = new ExpressionCodegen(input, rexBuilder);
        Val v = cg.gen(condition);
        String method = "public boolean test(org.hadoopdb.connector.row.Row in) {\n" + cg.body()
                + "return !" + v.isNull() + " && " + v.value() + ";\n}\n";
        String simple = "Filter_" + Integer.toHexString((cg.fields() + method).hashCode() & 0x7fffffff);
        String source = classSource(simple, "CompiledPredicate", cg.fields(), method);
        return new OperatorSpec.Filter(PACKAGE + "." + simple, source, condition.toString());
    }

    @Override
    public OperatorSpec project(List<RexNode> expressions, RelDataType input, RowSchema output) {
        int[] fields = new int[expressions.size()];
        boolean select = true;
        for (int i = 0; i < fields.length && select; i++) {
            if (expressions.get(i) instanceof RexInputRef ref) {
                fields[i] = ref.getIndex();
            } else {
                select = false;
            }
        }
        if (select) {
            return new OperatorSpec.Select(fields, output);
        }
        ExpressionCodegen cg = new ExpressionCodegen(input, rexBuilder);
        StringBuilder body = new StringBuilder();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < expressions.size(); i++) {
            RexNode e = expressions.get(i);
            texts.add(e.toString());
            cg.emit("{");
            Val v = cg.gen(e);
            Val converted = sameKind(e.getType(), output.type(i)) ? v : Conversions.toRepr(cg, v, e.getType(), reprOf(output.type(i)));
            cg.emit("if (" + converted.isNull() + ") out.setNull(" + i + "); else " + setter(output.type(i), i, converted) + ";");
            cg.emit("}");
        }
        body.append(cg.body());
        String method = "public void project(org.hadoopdb.connector.row.Row in, org.hadoopdb.connector.row.Row out) {\n"
                + body + "}\n";
        String simple = "Project_" + Integer.toHexString((cg.fields() + method).hashCode() & 0x7fffffff);
        String source = classSource(simple, "CompiledProjection", cg.fields(), method);
        return new OperatorSpec.Project(PACKAGE + "." + simple, source, output, texts);
    }

    private static boolean sameKind(RelDataType t, HiveType h) {
        return Repr.of(t) == reprOf(h);
    }

    private static Repr reprOf(HiveType t) {
        return switch (t.kind()) {
            case TINYINT, SMALLINT, INT -> Repr.INT;
            case BIGINT -> Repr.LONG;
            case FLOAT -> Repr.FLOAT;
            case DOUBLE -> Repr.DOUBLE;
            case DECIMAL -> Repr.DECIMAL;
            case STRING, VARCHAR, CHAR -> Repr.STRING;
            case BOOLEAN -> Repr.BOOLEAN;
            case DATE -> Repr.DATE;
            case TIMESTAMP -> Repr.TIMESTAMP;
            case BINARY -> Repr.BINARY;
            case ARRAY -> Repr.ARRAY;
            case MAP -> Repr.MAP;
            case STRUCT -> Repr.STRUCT;
        };
    }

    private static String setter(HiveType t, int i, Val v) {
        return switch (t.kind()) {
            case TINYINT -> "out.setByte(" + i + ", (byte) " + v.value() + ")";
            case SMALLINT -> "out.setShort(" + i + ", (short) " + v.value() + ")";
            case INT -> "out.setInt(" + i + ", " + v.value() + ")";
            case BIGINT -> "out.setLong(" + i + ", " + v.value() + ")";
            case FLOAT -> "out.setFloat(" + i + ", " + v.value() + ")";
            case DOUBLE -> "out.setDouble(" + i + ", " + v.value() + ")";
            case DECIMAL -> "out.setDecimal(" + i + ", " + v.value() + ")";
            case STRING, VARCHAR, CHAR -> "out.setString(" + i + ", " + v.value() + ")";
            case BOOLEAN -> "out.setBoolean(" + i + ", " + v.value() + ")";
            case DATE -> "out.setEpochDay(" + i + ", " + v.value() + ")";
            case TIMESTAMP -> "out.setTimestamp(" + i + ", " + v.value() + ")";
            case BINARY -> "out.setBinary(" + i + ", " + v.value() + ")";
            case ARRAY, MAP, STRUCT -> "out.setComplex(" + i + ", " + v.value() + ")";
        };
    }

    private static String classSource(String simpleName, String iface, String fields, String method) {
        return "package " + PACKAGE + ";\n\n"
                + "public final class " + simpleName + " implements org.hadoopdb.planner.codegen." + iface + " {\n"
                + fields + "\n" + method + "}\n";
    }
}
