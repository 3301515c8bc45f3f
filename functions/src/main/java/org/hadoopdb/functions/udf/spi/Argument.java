package org.hadoopdb.functions.udf.spi;

/**
 * One argument of a user function call, as the function is initialized with it.
 *
 * @param type     the argument's type as HiveQL spells it ({@code int}, {@code string}, {@code decimal(10,2)},
 *                 {@code array<int>}); {@code void} for a bare NULL
 * @param constant true when the argument is a literal, whose value is then {@code value} (Hive passes
 *                 constants to GenericUDFs as constant object inspectors, which some require)
 * @param value    the literal's value in its row form (null for NULL or when not constant)
 */
public record Argument(String type, boolean constant, Object value) {

    /** An argument computed per row. */
    public static Argument of(String type) {
        return new Argument(type, false, null);
    }

    /** A literal argument. */
    public static Argument constant(String type, Object value) {
        return new Argument(type, true, value);
    }
}
