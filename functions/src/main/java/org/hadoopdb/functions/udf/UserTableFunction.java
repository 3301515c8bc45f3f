package org.hadoopdb.functions.udf;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlTableFunction;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.util.Litmus;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalTableFunction;

/**
 * A user table function (a Hive GenericUDTF class) in {@code LATERAL VIEW} or alone in a select list: its
 * columns are those the function declares when initialized with the call's argument types, as Hive's
 * planner asks it. Like the built-in table functions, it runs in the map side of a stage
 * ({@link UserTableFunctionCall}).
 */
public final class UserTableFunction extends SqlFunction implements SqlTableFunction {
    private final UserFunctionSpec spec;
    /** Its columns as one struct type per arguments, e.g. {@code struct<col0:string,col1:int>}. */
    private final ResultTypes results;

    public UserTableFunction(UserFunctionSpec spec, UdfEnvironment environment) {
        super(spec.name(), SqlKind.OTHER_FUNCTION, ReturnTypes.CURSOR, null, null, SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION);
        this.spec = spec;
        this.results = new ResultTypes(spec, arguments -> {
            try (ExternalTableFunction f = UserFunctions.openTableFunction(environment, spec, arguments)) {
                return columnsSpelling(f);
            }
        });
    }

    /** The function's columns as the struct type HiveQL spells ({@code struct<col0:string,col1:int>}). */
    public static String columnsSpelling(ExternalTableFunction f) {
        StringBuilder s = new StringBuilder("struct<");
        for (int i = 0; i < f.columnNames().size(); i++) {
            s.append(i == 0 ? "" : ",").append(f.columnNames().get(i)).append(':').append(f.columnTypes().get(i));
        }
        return s.append('>').toString();
    }

    public UserFunctionSpec spec() {
        return spec;
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return SqlOperandCountRanges.any();
    }

    @Override
    public String getAllowedSignatures(String opNameToUse) {
        return spec.name() + "(...)";
    }

    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        return results.check(binding, throwOnFailure);
    }

    @Override
    public SqlReturnTypeInference getRowTypeInference() {
        return this::rowType;
    }

    /** The columns as a row (the struct type's fields, as a table's columns). */
    private RelDataType rowType(SqlOperatorBinding binding) {
        RelDataType struct = results.infer(binding);
        List<String> names = new ArrayList<>();
        List<RelDataType> types = new ArrayList<>();
        for (RelDataTypeField f : struct.getFieldList()) {
            names.add(f.getName());
            types.add(f.getType());
        }
        return binding.getTypeFactory().createStructType(types, names);
    }

    /** The columns' struct type for these arguments as HiveQL spells it (what each task checks its instance against). */
    public String columnsSpelling(List<Argument> arguments, RelDataTypeFactory types) {
        return results.of(arguments, types).spelling();
    }

    @Override
    public boolean validRexOperands(int count, Litmus litmus) {
        return true;
    }
}
