package org.hadoopdb.functions.udf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.FunctionInfo;
import org.hadoopdb.functions.udf.spi.FunctionClass;

/**
 * The user functions one statement may call, for Calcite's validator (chained after the built-in
 * library, whose names win: a user function cannot take a built-in's name). A bare name is the
 * session's temporary function of that name, else the permanent function of the current database;
 * {@code db.f} is the permanent function {@code f} of database {@code db}. One instance per
 * statement, so each function is asked its result type once per argument types.
 */
public final class UserFunctionTable implements SqlOperatorTable {
    /** No user function at all. */
    public static final UserFunctionTable NONE = new UserFunctionTable(Map.of(), Catalog.empty("none"), Names.DEFAULT_DATABASE, null);

    private final Map<String, UserFunctionSpec> temporary;
    private final Catalog catalog;
    private final String database;
    private final UdfEnvironment environment;
    private final Map<String, SqlOperator> made = new ConcurrentHashMap<>();

    /**
     * @param temporary   the session's temporary functions by (lower-case) name
     * @param catalog     the snapshot the statement runs against (its permanent functions)
     * @param database    the session's current database
     * @param environment where the functions' jars are while planning
     */
    public UserFunctionTable(Map<String, UserFunctionSpec> temporary, Catalog catalog, String database, UdfEnvironment environment) {
        this.temporary = Map.copyOf(temporary);
        this.catalog = catalog;
        this.database = database;
        this.environment = environment;
    }

    /** The permanent function's spec (its catalog name is the name it is called by). */
    public static UserFunctionSpec spec(FunctionInfo f) {
        return new UserFunctionSpec(f.name(), f.className(), f.jars(), false);
    }

    /** The function a call names ({@code f} or {@code db.f}), if it is a user function. */
    public Optional<UserFunctionSpec> resolve(List<String> names) {
        if (names.stream().anyMatch(n -> n == null || n.isBlank())) {
            // Calcite also looks up operators that have no name of their own
            return Optional.empty();
        }
        if (names.size() == 1) {
            UserFunctionSpec t = temporary.get(names.get(0).toLowerCase(Locale.ROOT));
            if (t != null) {
                return Optional.of(t);
            }
            return catalog.findFunction(Names.qualify(database, names.get(0))).map(UserFunctionTable::spec);
        }
        if (names.size() == 2) {
            return catalog.findFunction(Names.qualify(database, names.get(0) + "." + names.get(1))).map(UserFunctionTable::spec);
        }
        return Optional.empty();
    }

    @Override
    public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category, SqlSyntax syntax,
                                        List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
        if (syntax != SqlSyntax.FUNCTION && syntax != SqlSyntax.FUNCTION_ID || environment == null) {
            return;
        }
        Optional<UserFunctionSpec> spec = resolve(opName.names);
        if (spec.isEmpty()) {
            return;
        }
        if (category == SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION) {
            // LATERAL VIEW f(…) and SELECT f(…) AS (…): only a table function class answers
            if (kind(spec.get()).tableFunction()) {
                operatorList.add(made.computeIfAbsent(key(spec.get()) + " table",
                        k -> new UserTableFunction(spec.get(), environment)));
            }
            return;
        }
        operatorList.add(operator(spec.get()));
    }

    private static String key(UserFunctionSpec spec) {
        return (spec.temporary() ? "temporary " : "") + spec.name();
    }

    /** The operator of a function (one per statement): an aggregate when its class is one, else a scalar function. */
    private SqlOperator operator(UserFunctionSpec spec) {
        return made.computeIfAbsent(key(spec), k ->
                kind(spec).aggregate() ? new UserAggregateFunction(spec, environment) : new UserFunction(spec, environment));
    }

    /**
     * What the class is. One that cannot be loaded now (a jar gone) is taken for a scalar function: its call
     * then fails when the validator types it, with this reason and the call's position, and listing every
     * function never fails on one the statement does not call.
     */
    private FunctionClass kind(UserFunctionSpec spec) {
        try {
            return UserFunctions.describe(environment, spec);
        } catch (UserFunctionException e) {
            return new FunctionClass("GenericUDF", true);
        }
    }

    @Override
    public List<SqlOperator> getOperatorList() {
        List<SqlOperator> all = new ArrayList<>();
        if (environment == null) {
            return all;
        }
        temporary.values().forEach(s -> all.add(operator(s)));
        catalog.functions().forEach(f -> all.add(operator(spec(f))));
        return all;
    }
}
