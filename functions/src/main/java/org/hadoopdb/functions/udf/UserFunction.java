package org.hadoopdb.functions.udf;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCallBinding;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.validate.SqlValidatorException;
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
    /** A result type, as the function spells it and as Calcite types it. */
    private record Result(String spelling, RelDataType type) {
    }

    /** Result types by arguments: Calcite derives a call's type more than once. */
    private final Map<List<Argument>, Result> results = new ConcurrentHashMap<>();
    private volatile FunctionClass functionClass;

    public UserFunction(UserFunctionSpec spec, UdfEnvironment environment) {
        super(spec.name(), SqlKind.OTHER_FUNCTION, null, null, null,
                SqlFunctionCategory.USER_DEFINED_FUNCTION);
        this.spec = spec;
        this.environment = environment;
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

    private static List<Argument> arguments(SqlCallBinding binding) {
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
        try {
            resultType(arguments(binding), binding.getTypeFactory());
            return true;
        } catch (UserFunctionException e) {
            if (!throwOnFailure) {
                return false;
            }
            SqlParserPos pos = binding.getCall().getParserPosition();
            throw new CalciteContextException(e.getMessage(), new SqlValidatorException(e.getMessage(), e),
                    pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
        }
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        List<Argument> arguments;
        if (binding instanceof SqlCallBinding call) {
            arguments = arguments(call);
        } else if (binding instanceof RexCallBinding rex) {
            arguments = arguments(rex.operands());
        } else {
            List<Argument> types = new ArrayList<>();
            for (int i = 0; i < binding.getOperandCount(); i++) {
                types.add(Argument.of(UserFunctionTypes.argumentType(binding.getOperandType(i))));
            }
            arguments = types;
        }
        return resultType(arguments, binding.getTypeFactory());
    }

    /**
     * The function's result type for these arguments as HiveQL spells it (what the code generator tells
     * each task to expect), asking the function if no call was typed with them yet.
     */
    public String resultSpelling(List<Argument> arguments, RelDataTypeFactory types) {
        resultType(arguments, types);
        return results.get(arguments).spelling();
    }

    /** The function's result type for these arguments, asking the function the first time. */
    private RelDataType resultType(List<Argument> arguments, RelDataTypeFactory types) {
        Result known = results.get(arguments);
        if (known != null) {
            return known.type();
        }
        String hiveType;
        try (ExternalFunction f = UserFunctions.open(environment, spec, arguments)) {
            hiveType = f.returnType();
        }
        RelDataType t;
        try {
            t = UserFunctionTypes.resultType(hiveType, types);
        } catch (UserFunctionException e) {
            throw new UserFunctionException("The result of " + spec.describe() + " cannot be used: " + e.getMessage(), e);
        }
        results.put(arguments, new Result(hiveType, t));
        return t;
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
