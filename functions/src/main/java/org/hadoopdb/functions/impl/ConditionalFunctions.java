package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.ANY;
import static org.hadoopdb.functions.ArgKind.BOOLEAN;
import static org.hadoopdb.functions.FunctionDefinition.function;

import java.util.List;
import java.util.Locale;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;
import org.hadoopdb.functions.PgTemplates;
import org.hadoopdb.functions.PostgresForm;

/**
 * Hive's conditional functions. They are special forms rather than plain functions: an argument is
 * evaluated only when the result needs it (or compared with the others), so the expression
 * compiler generates them inline and this family has no implementing methods.
 */
public final class ConditionalFunctions {
    private ConditionalFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                function("if", "if(boolean cond, any a, any b)", "a when cond is TRUE, else b")
                        .params(3, BOOLEAN, ANY, ANY).returns(HiveReturnTypes.common(1))
                        .pushedAs("CASE WHEN {0} THEN {1} ELSE {2} END").inline(),
                function("nvl", "nvl(any a, any b)", "a, or b when a is NULL")
                        .params(2, ANY, ANY).returns(HiveReturnTypes.common(0)).pushedAs("COALESCE({0}, {1})").inline(),
                function("coalesce", "coalesce(any a, any b, ...)", "The first argument that is not NULL")
                        .varargs(1, ANY).returns(HiveReturnTypes.common(0))
                        .postgres(call -> PostgresForm.sql(PgTemplates.call("COALESCE", call.operands.size()))).inline(),
                function("nullif", "nullif(any a, any b)", "NULL when a = b, else a")
                        .params(2, ANY, ANY).returns(HiveReturnTypes.ARG0)
                        .postgres(call -> PgTemplates.approx(call.operands.get(0))
                                ? PostgresForm.notPushed("nullif of floating-point numbers compares NaN differently")
                                : PostgresForm.sql("NULLIF({0}, {1})"))
                        .inline(),
                function("nvl2", "nvl2(any a, any b, any c)", "b when a is not NULL, else c")
                        .params(3, ANY, ANY, ANY).returns(HiveReturnTypes.common(1))
                        .pushedAs("CASE WHEN {0} IS NOT NULL THEN {1} ELSE {2} END").inline(),
                function("isnull", "isnull(any a)", "TRUE when a is NULL")
                        .params(1, ANY).returns(HiveReturnTypes.BOOLEAN_NOT_NULL).pushedAs("{0} IS NULL").inline(),
                function("isnotnull", "isnotnull(any a)", "TRUE when a is not NULL")
                        .params(1, ANY).returns(HiveReturnTypes.BOOLEAN_NOT_NULL).pushedAs("{0} IS NOT NULL").inline(),
                function("greatest", "greatest(any a, any b, ...)", "The largest argument; NULL if any is NULL")
                        .varargs(2, ANY).returns(HiveReturnTypes.common(0))
                        .postgres(call -> extremeInPostgres("greatest", call)).inline(),
                function("least", "least(any a, any b, ...)", "The smallest argument; NULL if any is NULL")
                        .varargs(2, ANY).returns(HiveReturnTypes.common(0))
                        .postgres(call -> extremeInPostgres("least", call)).inline());
    }

    /**
     * NULL when any argument is (PostgreSQL's GREATEST and LEAST skip NULLs); strings by code point;
     * not for doubles, which Hive orders with {@code Double.compare} (-0.0 below 0.0, NaN above all).
     */
    private static PostgresForm extremeInPostgres(String name, RexCall call) {
        List<RexNode> ops = call.operands;
        for (RexNode o : ops) {
            if (PgTemplates.approx(o)) {
                return PostgresForm.notPushed(name + " of floating-point numbers orders -0.0 and 0.0 differently");
            }
        }
        StringBuilder nulls = new StringBuilder();
        StringBuilder args = new StringBuilder();
        boolean strings = PgTemplates.string(ops.get(0));
        for (int i = 0; i < ops.size(); i++) {
            nulls.append(i == 0 ? "" : " OR ").append('{').append(i).append("} IS NULL");
            args.append(i == 0 ? "" : ", ").append('{').append(i).append('}').append(strings ? " COLLATE \"C\"" : "");
        }
        return PostgresForm.sql("CASE WHEN " + nulls + " THEN NULL ELSE " + name.toUpperCase(Locale.ROOT) + "(" + args + ") END");
    }
}
