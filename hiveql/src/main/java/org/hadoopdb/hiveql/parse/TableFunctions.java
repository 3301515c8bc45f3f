package org.hadoopdb.hiveql.parse;

import java.util.List;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.functions.HiveFunctionLibrary;
import org.hadoopdb.functions.HiveTableFunction;

/**
 * The call of a table-generating function in LATERAL VIEW or a select list: a built-in one by its
 * operator; any other name is left for the validator to find among the user's table functions (Hive
 * GenericUDTF classes, which only the statement's session and catalog know), which names it when there
 * is none.
 */
final class TableFunctions {
    private TableFunctions() {
    }

    /** A built-in function that is not a table function ({@code upper}, {@code sum}): refused where one is needed. */
    static boolean isBuiltInOtherThanTableFunction(String name) {
        return HiveTableFunction.named(name).isEmpty()
                && HiveFunctionLibrary.instance().names().contains(name.toLowerCase(java.util.Locale.ROOT));
    }

    static SqlNode call(String name, SqlParserPos pos, List<SqlNode> args) {
        return HiveTableFunction.named(name).map(f -> (SqlNode) f.createCall(pos, args))
                .orElseGet(() -> new SqlUnresolvedFunction(new SqlIdentifier(name, pos), null, null, null, null,
                        SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION).createCall(pos, args));
    }
}
