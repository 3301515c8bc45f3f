package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.FunctionInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.functions.HiveFunctionLibrary;
import org.hadoopdb.functions.udf.UdfEnvironment;
import org.hadoopdb.functions.udf.UserFunctionException;
import org.hadoopdb.functions.udf.UserFunctionSpec;
import org.hadoopdb.functions.udf.UserFunctionTable;
import org.hadoopdb.functions.udf.UserFunctions;
import org.hadoopdb.functions.udf.spi.FunctionClass;
import org.hadoopdb.hiveql.ast.AddJarStatement;
import org.hadoopdb.hiveql.ast.CreateFunctionStatement;
import org.hadoopdb.hiveql.ast.DropFunctionStatement;
import org.hadoopdb.hiveql.ast.ListJarsStatement;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ListResult;

/**
 * User functions of a session: {@code ADD JAR}, {@code LIST JARS}, {@code CREATE [TEMPORARY] FUNCTION},
 * {@code DROP [TEMPORARY] FUNCTION}, and what {@code SHOW FUNCTIONS} and {@code DESCRIBE FUNCTION} say
 * of them. Added jars and temporary functions live in the session and go with it; permanent functions
 * live in the catalog. A function is checked when it is created (its jars exist, its class is a UDF or
 * GenericUDF); it keeps the jars it was created with: its {@code USING JAR}s, then the session's added
 * jars, so a permanent one also works in later sessions.
 */
final class FunctionStatements {
    private static final RowSchema JARS = RowSchema.builder().add("resource", "string").build();

    private final Session session;
    private final Set<String> jars = new LinkedHashSet<>();
    private final Map<String, UserFunctionSpec> temporary = new LinkedHashMap<>();

    FunctionStatements(Session session) {
        this.session = session;
    }

    /** The user functions a statement of this session may call, on {@code catalog}. */
    synchronized UserFunctionTable table(Catalog catalog) {
        return new UserFunctionTable(temporary, catalog, session.database(), environment());
    }

    /** What distinguishes this session's functions for the plan cache: its temporary functions and their jars. */
    synchronized String fingerprint() {
        return temporary.isEmpty() ? "" : temporary.values().toString();
    }

    private UdfEnvironment environment() {
        return UdfEnvironment.of(session.config());
    }

    synchronized StatementResult addJars(AddJarStatement a) {
        try {
            environment().jars(a.paths());
        } catch (UserFunctionException e) {
            throw new SemanticException("ADD JAR: " + e.getMessage(), e);
        }
        jars.addAll(a.paths());
        return new StatementResult.Done("Added " + a.paths() + " to the session's user function jars", 0);
    }

    synchronized StatementResult listJars(ListJarsStatement l) {
        List<Row> rows = new ArrayList<>();
        jars.stream().filter(j -> l.paths().isEmpty() || l.paths().contains(j)).forEach(j -> rows.add(Row.of(JARS, j)));
        return new StatementResult.Rows(new ListResult(JARS, rows));
    }

    StatementResult create(CreateFunctionStatement c) {
        String name = Names.normalize(c.name());
        if (HiveFunctionLibrary.instance().describe(Names.tableOf(name)).isPresent()) {
            throw new SemanticException("Cannot create function " + name + ": " + Names.tableOf(name)
                    + " is a built-in function (user functions cannot replace them)");
        }
        List<String> using = new ArrayList<>(c.jars());
        synchronized (this) {
            jars.stream().filter(j -> !using.contains(j)).forEach(using::add);
        }
        UserFunctionSpec spec = new UserFunctionSpec(name, c.className(), using, c.temporary());
        FunctionClass kind;
        try {
            kind = UserFunctions.describe(environment(), spec);
        } catch (UserFunctionException e) {
            throw new SemanticException("Cannot create " + spec.describe() + ": " + e.getMessage(), e);
        }
        if (c.temporary()) {
            synchronized (this) {
                // as in Hive, a temporary function of the same name is replaced
                temporary.put(name, spec);
            }
            return new StatementResult.Done("Created temporary function " + name + " (" + kind.kind() + ")", 0);
        }
        FunctionInfo info = new FunctionInfo(name, c.className(), using);
        if (session.catalog().findFunction(name).isPresent()) {
            throw new SemanticException("Function " + display(name) + " already exists (DROP FUNCTION it first)");
        }
        publish("create function " + name, cat -> {
            if (cat.findFunction(name).isPresent()) {
                throw new SemanticException("Function " + display(name) + " was created meanwhile");
            }
            return cat.withFunction(info);
        });
        return new StatementResult.Done("Created function " + display(name) + " (" + kind.kind() + ")", 0);
    }

    StatementResult drop(DropFunctionStatement d) {
        String name = Names.normalize(d.name());
        if (d.temporary()) {
            synchronized (this) {
                if (temporary.remove(name) == null && !d.ifExists()) {
                    throw new SemanticException("Temporary function '" + name + "' does not exist"
                            + Names.didYouMean(name, new ArrayList<>(temporary.keySet())));
                }
            }
            return new StatementResult.Done("Dropped temporary function " + name, 0);
        }
        Catalog catalog = session.catalog();
        if (catalog.findFunction(name).isEmpty()) {
            if (d.ifExists()) {
                return new StatementResult.Done("Function " + display(name) + " does not exist", 0);
            }
            throw new SemanticException("Function " + display(name) + " does not exist"
                    + (temporaryHas(name) ? " (" + name + " is a temporary function: DROP TEMPORARY FUNCTION)"
                    : Names.didYouMean(display(name), catalog.functions().stream().map(f -> display(f.name())).toList())));
        }
        publish("drop function " + name, cat -> cat.findFunction(name).isEmpty() ? cat : cat.withoutFunction(name));
        return new StatementResult.Done("Dropped function " + display(name), 0);
    }

    private synchronized boolean temporaryHas(String qualified) {
        return temporary.containsKey(Names.tableOf(qualified));
    }

    /** A permanent function's name as Hive shows it: {@code db.f}, {@code default.f} too. */
    static String display(String catalogName) {
        return Names.databaseOf(catalogName) + "." + Names.tableOf(catalogName);
    }

    /** The names {@code SHOW FUNCTIONS} lists besides the library's: temporary functions, permanent ones as {@code db.f}. */
    synchronized Set<String> names(Catalog catalog) {
        Set<String> out = new TreeSet<>(temporary.keySet());
        catalog.functions().forEach(f -> out.add(display(f.name())));
        return out;
    }

    /** {@code DESCRIBE FUNCTION name} of a user function, or null when {@code name} is none. */
    synchronized String describe(Catalog catalog, String written) {
        String name = written.toLowerCase(Locale.ROOT);
        UserFunctionSpec spec = table(catalog).resolve(List.of(name.split("\\.", 2))).orElse(null);
        if (spec == null) {
            return null;
        }
        return (spec.temporary() ? name : display(spec.name())) + "(...) - " + (spec.temporary() ? "temporary" : "permanent")
                + " user function, class " + spec.className() + (spec.jars().isEmpty() ? "" : ", jars " + String.join(", ", spec.jars()));
    }

    /** Whether a pattern of {@code SHOW FUNCTIONS} matches. */
    static boolean matches(Pattern p, String name) {
        return p == null || p.matcher(name).matches();
    }

    private void publish(String what, java.util.function.UnaryOperator<Catalog> change) {
        try {
            session.engine().catalogStore().update(what, change);
        } catch (CatalogException e) {
            throw new PlannerException("Cannot " + what + ": " + e.getMessage(), e);
        }
    }
}
