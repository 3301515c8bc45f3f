package org.hadoopdb.functions;

import java.util.Arrays;
import java.util.List;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.type.SqlReturnTypeInference;

/**
 * Everything about one HiveQL scalar function, in one place: its name and synonyms, Hive's
 * parameter kinds (with Hive's implicit conversions), its result type, how PostgreSQL computes it
 * (or why it is not pushed), and how MapReduce evaluates it. Each function family
 * ({@code org.hadoopdb.functions.impl.StringFunctions} and the others) defines its functions next to
 * their implementations; {@link HiveFunctionLibrary} assembles the families.
 *
 * <pre>{@code
 * function("repeat", "repeat(string str, int n)", "str repeated n times")
 *         .params(2, STRING, INT)
 *         .returns(HiveReturnTypes.STRING)
 *         .pushedAs("REPEAT({0}, {1})")
 *         .implementedBy(StringFunctions.class)   // public static repeat(String, int)
 * }</pre>
 *
 * Each step returns a new definition; a finished one is immutable. A definition is complete when it
 * has a result type, a PostgreSQL form and an evaluation ({@link #checkComplete()}).
 */
public final class FunctionDefinition implements Cloneable {
    /** How MapReduce evaluates a function. */
    public enum Evaluation {
        /** The public static methods named after the function in {@link #implementation()}, the overload chosen by argument types. */
        METHODS,
        /** Generated inline by the expression compiler (lazily evaluated conditionals, per-call random numbers). */
        INLINE,
        /** Not at all: the validator rejects the function with {@link #description()}. */
        UNSUPPORTED
    }

    private final String name;
    private final String signature;
    private String description;
    private List<String> aliases = List.of();
    private List<ArgKind> params = List.of();
    private int minArgs;
    private ArgKind variadic;
    private ArgumentRule argumentRule;
    private SqlReturnTypeInference returnType;
    private boolean deterministic = true;
    private PostgresRendering postgres;
    private Evaluation evaluation;
    private Class<?> implementation;

    private FunctionDefinition(String name, String signature, String description) {
        this.name = name;
        this.signature = signature;
        this.description = description;
    }

    /**
     * @param name        the lower-case HiveQL name
     * @param signature   e.g. {@code substr(string str, int pos[, int len])}
     * @param description one line, for {@code DESCRIBE FUNCTION}
     */
    public static FunctionDefinition function(String name, String signature, String description) {
        return new FunctionDefinition(name, signature, description);
    }

    // ---------------------------------------------------------------- steps

    /** Other names of the same function. */
    public FunctionDefinition aliases(String... names) {
        FunctionDefinition d = copy();
        d.aliases = List.of(names);
        return d;
    }

    /** Fixed parameters of these kinds, the first {@code required} of them required. */
    public FunctionDefinition params(int required, ArgKind... kinds) {
        FunctionDefinition d = copy();
        d.params = List.of(kinds);
        d.minArgs = required;
        return d;
    }

    /** The fixed parameters {@code fixed}, then any number of {@code rest}; at least {@code required} arguments. */
    public FunctionDefinition varargs(int required, ArgKind rest, ArgKind... fixed) {
        FunctionDefinition d = params(required, fixed);
        d.variadic = rest;
        return d;
    }

    /**
     * What the arguments must be together, beyond each one's kind, and what they are converted to
     * (a map key to the map's key type, the values of {@code array(...)} to their common type).
     */
    public FunctionDefinition arguments(ArgumentRule rule) {
        FunctionDefinition d = copy();
        d.argumentRule = rule;
        return d;
    }

    /** Hive's result type ({@link HiveReturnTypes}). */
    public FunctionDefinition returns(SqlReturnTypeInference type) {
        FunctionDefinition d = copy();
        d.returnType = type;
        return d;
    }

    /** A new value per call even with equal arguments (random numbers, the clock). */
    public FunctionDefinition nondeterministic() {
        FunctionDefinition d = copy();
        d.deterministic = false;
        return d;
    }

    /** The PostgreSQL form, decided per call. */
    public FunctionDefinition postgres(PostgresRendering rendering) {
        FunctionDefinition d = copy();
        d.postgres = rendering;
        return d;
    }

    /** Always pushed as {@code template} over the operands {@code {0}}, {@code {1}}, ... */
    public FunctionDefinition pushedAs(String template) {
        return postgres(PostgresRendering.always(template));
    }

    /** Never pushed, because {@code why} (the whole reason EXPLAIN prints after the function's name). */
    public FunctionDefinition notPushed(String why) {
        return postgres(PostgresRendering.never(why));
    }

    /** Evaluated in MapReduce by the public static methods named after the function in {@code owner}. */
    public FunctionDefinition implementedBy(Class<?> owner) {
        FunctionDefinition d = copy();
        d.evaluation = Evaluation.METHODS;
        d.implementation = owner;
        return d;
    }

    /** Evaluated in MapReduce by code the expression compiler generates itself (a special form). */
    public FunctionDefinition inline() {
        FunctionDefinition d = copy();
        d.evaluation = Evaluation.INLINE;
        return d;
    }

    /** Known to Hive but not to HadoopDB, because {@code why}: the validator rejects every call. */
    public FunctionDefinition unsupported(String why) {
        FunctionDefinition d = notPushed(why);
        d.evaluation = Evaluation.UNSUPPORTED;
        d.description = "Not supported: " + why;
        return d;
    }

    private FunctionDefinition copy() {
        try {
            return (FunctionDefinition) clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError("FunctionDefinition is Cloneable", e);
        }
    }

    // ---------------------------------------------------------------- the definition

    public String name() {
        return name;
    }

    public List<String> aliases() {
        return aliases;
    }

    public String signature() {
        return signature;
    }

    public String description() {
        return description;
    }

    List<ArgKind> params() {
        return params;
    }

    int minArgs() {
        return minArgs;
    }

    ArgKind variadic() {
        return variadic;
    }

    /** The rule over all the arguments, or null when their kinds say everything. */
    ArgumentRule argumentRule() {
        return argumentRule;
    }

    SqlReturnTypeInference returnType() {
        return returnType;
    }

    boolean deterministic() {
        return deterministic;
    }

    public Evaluation evaluation() {
        return evaluation;
    }

    /** The class holding the implementing methods ({@link Evaluation#METHODS}), else null. */
    public Class<?> implementation() {
        return implementation;
    }

    /** How {@code call} of this function is computed in PostgreSQL, or why it is not pushed. */
    public PostgresForm postgres(RexCall call) {
        return postgres.render(call);
    }

    /** This definition, or an {@link IllegalStateException} naming what it lacks. */
    public FunctionDefinition checkComplete() {
        String missing = returnType == null ? "a result type (returns)"
                : postgres == null ? "a PostgreSQL form (pushedAs, postgres or notPushed)"
                : evaluation == null ? "an evaluation (implementedBy, inline or unsupported)"
                : variadic == null && minArgs > params.size() ? "no more required arguments than parameters"
                : null;
        if (missing != null) {
            throw new IllegalStateException("The definition of function " + name + " needs " + missing);
        }
        return this;
    }

    @Override
    public String toString() {
        return name + (aliases.isEmpty() ? "" : " " + Arrays.toString(aliases.toArray())) + ": " + signature;
    }
}
