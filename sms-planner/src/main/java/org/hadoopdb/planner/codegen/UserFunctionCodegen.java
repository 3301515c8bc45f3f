package org.hadoopdb.planner.codegen;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.functions.udf.UserFunction;
import org.hadoopdb.functions.udf.UserFunctionCall;
import org.hadoopdb.functions.udf.UserFunctionSpec;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * Calls of user functions (Hive UDF classes): each call site is a {@link UserFunctionCall} in an
 * instance field of the generated class, so a task opens the function once and keeps it for every
 * row. Every argument is computed first and passed in its row form, NULLs included (the function
 * decides what a NULL gives); the row-form result becomes the call's type.
 */
final class UserFunctionCodegen {
    private final ExpressionCodegen cg;

    UserFunctionCodegen(ExpressionCodegen cg) {
        this.cg = cg;
    }

    Val call(UserFunction f, RexCall call) {
        UserFunctionSpec spec = f.spec();
        List<Argument> arguments = UserFunction.arguments(call.operands);
        String result = f.resultSpelling(arguments, cg.typeFactory());
        String site = cg.instanceField(UserFunctionCall.class.getName(), "new " + UserFunctionCall.class.getName() + "("
                + ExpressionCodegen.javaString(spec.name()) + ", " + ExpressionCodegen.javaString(spec.className()) + ", "
                + strings(spec.jars()) + ", " + strings(arguments.stream().map(Argument::type).toList()) + ", new boolean[]{"
                + arguments.stream().map(a -> Boolean.toString(a.constant())).collect(Collectors.joining(", ")) + "}, "
                + ExpressionCodegen.javaString(result) + ", " + spec.temporary() + ")");
        StringBuilder values = new StringBuilder("new Object[]{");
        for (int i = 0; i < call.operands.size(); i++) {
            RexNode op = call.operands.get(i);
            values.append(i == 0 ? "" : ", ").append(ComplexCodegen.toRowForm(cg.gen(op), op.getType()));
        }
        values.append('}');
        return new ComplexCodegen(cg).fromRowForm("false", site + ".evaluate(" + values + ")", call.getType());
    }

    private static String strings(List<String> values) {
        return "new String[]{" + values.stream().map(ExpressionCodegen::javaString).collect(Collectors.joining(", ")) + "}";
    }
}
