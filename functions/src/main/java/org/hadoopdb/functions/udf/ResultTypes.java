package org.hadoopdb.functions.udf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCallBinding;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.hadoopdb.functions.udf.spi.Argument;

/**
 * The result types of one user function, by arguments, asked of the function itself the first time
 * (Calcite derives a call's type more than once; each ask initializes the function in its class loader).
 */
final class ResultTypes {
    /** A result type, as the function spells it and as Calcite types it. */
    record Result(String spelling, RelDataType type) {
    }

    private final UserFunctionSpec spec;
    private final Function<List<Argument>, String> ask;
    private final Map<List<Argument>, Result> byArguments = new ConcurrentHashMap<>();
    /** The same results by argument types only, for bindings that do not show which arguments are literals. */
    private final Map<List<String>, Result> byTypes = new ConcurrentHashMap<>();

    /** @param ask opens the function with the arguments and returns its result type as HiveQL spells it */
    ResultTypes(UserFunctionSpec spec, Function<List<Argument>, String> ask) {
        this.spec = spec;
        this.ask = ask;
    }

    Result of(List<Argument> arguments, RelDataTypeFactory types) {
        Result known = byArguments.get(arguments);
        if (known != null) {
            return known;
        }
        String hiveType = ask.apply(arguments);
        RelDataType t;
        try {
            t = UserFunctionTypes.resultType(hiveType, types);
        } catch (UserFunctionException e) {
            throw new UserFunctionException("The result of " + spec.describe() + " cannot be used: " + e.getMessage(), e);
        }
        Result r = new Result(hiveType, t);
        byArguments.put(arguments, r);
        byTypes.putIfAbsent(arguments.stream().map(Argument::type).toList(), r);
        return r;
    }

    /** The result for arguments known by their types only: a call typed before with literals among them, else asked without. */
    Result ofTypes(List<String> argumentTypes, RelDataTypeFactory types) {
        Result known = byTypes.get(argumentTypes);
        return known != null ? known : of(argumentTypes.stream().map(Argument::of).toList(), types);
    }

    /** Initializes the function with the call's argument types: its own checks decide whether it takes them. */
    boolean check(SqlCallBinding binding, boolean throwOnFailure) {
        try {
            of(UserFunction.arguments(binding), binding.getTypeFactory());
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

    /** A call's result type, with the literals among its arguments where the binding shows them. */
    RelDataType infer(SqlOperatorBinding binding) {
        if (binding instanceof SqlCallBinding call) {
            return of(UserFunction.arguments(call), binding.getTypeFactory()).type();
        }
        if (binding instanceof RexCallBinding rex) {
            return of(UserFunction.arguments(rex.operands()), binding.getTypeFactory()).type();
        }
        List<String> argumentTypes = new ArrayList<>();
        for (int i = 0; i < binding.getOperandCount(); i++) {
            argumentTypes.add(UserFunctionTypes.argumentType(binding.getOperandType(i)));
        }
        return ofTypes(argumentTypes, binding.getTypeFactory()).type();
    }
}
