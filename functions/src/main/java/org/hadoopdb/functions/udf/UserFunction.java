package org.hadoopdb.functions.udf;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.util.Litmus;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalFunction;
import org.hadoopdb.functions.udf.spi.FunctionClass;

/**
 * A user function (a Hive UDF or GenericUDF class) as Calcite's validator sees it. Its result type
 * comes from the function itself: validation initializes it, through the bridge, with the argument
 * types (and the values of literal arguments), as Hive's planner does, so the function's own checks
 * ({@code UDFArgumentException}) are planning errors. It is never pushed into PostgreSQL, and the
 * code generator evaluates it with a {@link UserFunctionCall}.
 */
public final class UserFunction extends SqlFunction {
    private final UserFunctionSpec spec;
    private final UdfEnvironment environment;
    private final ResultTypes results;
    private volatile FunctionClass functionClass;

    public UserFunction(UserFunctionSpec spec, UdfEnvironment environment) {
        super(spec.name(), SqlKind.OTHER_FUNCTION, null, null, null,
                SqlFunctionCategory.USER_DEFINED_FUNCTION);
        this.spec = spec;
        this.environment = environment;
        this.results = new ResultTypes(spec, arguments -> {
            try (ExternalFunction f = UserFunctions.open(environment, spec, arguments)) {
                return f.returnType();
            }
        });
    }

    public UserFunctionSpec spec() {
        return spec;
    }

    /** The arguments a call with these operands initializes the function with (literals as constants). */
    public static List<Argument> arguments(List<RexNode> operands) {
        List<Argument> out = new ArrayList<>();
        for (RexNode op : operands) {
            RelDataType t = op.getType();
            String type = UserFunctionTypes.argumentType(t);
            out.add(op instanceof RexLiteral lit && UserFunctionTypes.constantType(t)
                    ? Argument.constant(type, UserFunctionTypes.constantValue(lit.getValue(), t)) : Argument.of(type));
        }
        return out;
    }

    /** The arguments a validated call initializes the function with (literals, negative ones too, as constants). */
    static List<Argument> arguments(SqlCallBinding binding) {
        List<Argument> out = new ArrayList<>();
        for (int i = 0; i < binding.getOperandCount(); i++) {
            RelDataType t = binding.getOperandType(i);
            String type = UserFunctionTypes.argumentType(t);
            SqlNode node = binding.operand(i);
            boolean negated = false;
            if (node.getKind() == SqlKind.MINUS_PREFIX && ((SqlCall) node).operand(0) instanceof SqlLiteral) {
                negated = true;
                node = ((SqlCall) node).operand(0);
            }
            if (node instanceof SqlLiteral lit && UserFunctionTypes.constantType(t)) {
                Object value = lit.getValue();
                if (negated && value instanceof BigDecimal d) {
                    value = d.negate();
                }
                out.add(Argument.constant(type, UserFunctionTypes.constantValue(value, t)));
            } else {
                out.add(Argument.of(type));
            }
        }
        return out;
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return SqlOperandCountRanges.any();
    }

    @Override
    public SqlOperandTypeChecker getOperandTypeChecker() {
        return null;
    }

    @Override
    public String getAllowedSignatures(String opNameToUse) {
        return spec.name() + "(...)";
    }

    /** Initializes the function with the call's argument types: its own checks decide whether it takes them. */
    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        return results.check(binding, throwOnFailure);
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        return results.infer(binding);
    }

    /**
     * The function's result type for these arguments as HiveQL spells it (what the code generator tells
     * each task to expect), asking the function if no call was typed with them yet.
     */
    public String resultSpelling(List<Argument> arguments, RelDataTypeFactory types) {
        return results.of(arguments, types).spelling();
    }

    /** False when the class says so ({@code @UDFType(deterministic = false)}): Calcite then never merges or reuses calls. */
    @Override
    public boolean isDeterministic() {
        FunctionClass c = functionClass;
        if (c == null) {
            c = UserFunctions.describe(environment, spec);
            functionClass = c;
        }
        return c.deterministic();
    }

    @Override
    public boolean validRexOperands(int count, Litmus litmus) {
        return true;
    }
}
