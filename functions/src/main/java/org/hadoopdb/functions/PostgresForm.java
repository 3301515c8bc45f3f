package org.hadoopdb.functions;

/**
 * How one call of a library function is computed in the chunk databases: a PostgreSQL
 * {@code template} over the call's operands ({@code {0}}, {@code {1}}, ... stand for the operands,
 * each already translated), or the reason it is not pushed and stays in MapReduce (what EXPLAIN
 * prints after the function's name).
 */
public record PostgresForm(String template, String refused) {

    /** Pushed as {@code template}. */
    public static PostgresForm sql(String template) {
        return new PostgresForm(template, null);
    }

    /** Not pushed, because {@code why}. */
    public static PostgresForm notPushed(String why) {
        return new PostgresForm(null, why);
    }

    public boolean pushed() {
        return refused == null;
    }
}
