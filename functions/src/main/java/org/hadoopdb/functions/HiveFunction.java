package org.hadoopdb.functions;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * A HiveQL scalar function as Calcite's validator sees it: its name, Hive's parameter kinds with
 * Hive's implicit conversions (inserted as explicit CASTs during validation), then its
 * {@link ArgumentRule} over all the arguments (conversions that depend on other arguments, inserted
 * the same way), its return type. The
 * rest of its {@link FunctionDefinition} (the PostgreSQL form, the MapReduce implementation) is
 * there for {@code sqlgen} and {@code codegen}.
 */
public final class HiveFunction extends SqlFunction {
    private final FunctionDefinition definition;
    private final List<ArgKind> params;
    private final ArgKind variadic;
    private final int minArgs;
    private final String signature;
    private final String description;

    HiveFunction(FunctionDefinition definition) {
        super(definition.name(), SqlKind.OTHER_FUNCTION, definition.returnType(), null, null,
                SqlFunctionCategory.USER_DEFINED_FUNCTION);
        this.definition = definition;
        this.params = definition.params();
        this.minArgs = definition.minArgs();
        this.variadic = definition.variadic();
        this.signature = definition.signature();
        this.description = definition.description();
    }

    /** The function's complete definition. */
    public FunctionDefinition definition() {
        return definition;
    }

    public String signature() {
        return signature;
    }

    public String description() {
        return description;
    }

    /** The kind of parameter {@code i}. */
    public ArgKind param(int i) {
        return i < params.size() ? params.get(i) : variadic;
    }

    @Override
    public boolean isDeterministic() {
        return definition.deterministic();
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return variadic != null ? SqlOperandCountRanges.from(minArgs) : SqlOperandCountRanges.between(minArgs, params.size());
    }

    @Override
    public String getAllowedSignatures(String opNameToUse) {
        return signature;
    }

    @Override
    public SqlOperandTypeChecker getOperandTypeChecker() {
        return null;
    }

    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        SqlCall call = binding.getCall();
        if (definition.evaluation() == FunctionDefinition.Evaluation.UNSUPPORTED) {
            throw error(call, getName() + ": " + description);
        }
        for (int i = 0; i < call.operandCount(); i++) {
            RelDataType t = binding.getOperandType(i);
            ArgKind kind = param(i);
            if (kind.accepts(t)) {
                continue;
            }
            RelDataType target = kind.conversion(t, binding.getTypeFactory());
            if (target == null) {
                if (throwOnFailure) {
                    throw error(call.operand(i), "Argument " + (i + 1) + " of " + getName() + " must be " + kind.label()
                            + ", not " + CollectionTypes.hiveName(t) + ": " + signature);
                }
                return false;
            }
            convert(binding, i, target);
        }
        ArgumentRule rule = definition.argumentRule();
        if (rule == null) {
            return true;
        }
        List<RelDataType> targets;
        try {
            targets = rule.targets(binding);
        } catch (ArgumentError e) {
            if (!throwOnFailure) {
                return false;
            }
            throw e.argument() < 0 ? error(call, getName() + ": " + e.getMessage() + ": " + signature)
                    : error(call.operand(e.argument()), "Argument " + (e.argument() + 1) + " of " + getName() + " "
                    + e.getMessage() + ": " + signature);
        }
        for (int i = 0; i < targets.size(); i++) {
            RelDataType target = targets.get(i);
            if (target != null && !SqlTypeUtil.equalSansNullability(binding.getTypeFactory(), target, binding.getOperandType(i))) {
                convert(binding, i, target);
            }
        }
        return true;
    }

    /** Replaces argument {@code i} of the call by its CAST to {@code target}, typed for the validator. */
    private static void convert(SqlCallBinding binding, int i, RelDataType target) {
        SqlCall call = binding.getCall();
        SqlNode operand = call.operand(i);
        SqlNode cast = SqlStdOperatorTable.CAST.createCall(operand.getParserPosition(), operand,
                SqlTypeUtil.convertTypeToSpec(target).withNullable(true));
        call.setOperand(i, cast);
        binding.getValidator().setValidatedNodeType(cast, target);
    }

    /** A validation error at {@code node}'s position. */
    private static CalciteContextException error(SqlNode node, String message) {
        return ValidationErrors.at(node, message);
    }

    @Override
    public boolean validRexOperands(int count, org.apache.calcite.util.Litmus litmus) {
        return true;
    }

    /** Whether {@code op} is the library function named {@code name}. */
    public static boolean is(SqlOperator op, String name) {
        return op instanceof HiveFunction f && f.getName().equals(name);
    }
}
