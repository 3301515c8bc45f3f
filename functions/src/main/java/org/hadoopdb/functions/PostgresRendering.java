package org.hadoopdb.functions;

import org.apache.calcite.rex.RexCall;

/**
 * A function's PostgreSQL form, decided from the call alone: its operand types, literal operands
 * and result type. It must give exactly Hive's result for every input (NULLs, empty strings,
 * overflow and NaN included), or refuse; {@code PushdownDifferentialIT} checks the pushed ones.
 */
@FunctionalInterface
public interface PostgresRendering {
    PostgresForm render(RexCall call);

    /** Always pushed as {@code template}. */
    static PostgresRendering always(String template) {
        PostgresForm form = PostgresForm.sql(template);
        return call -> form;
    }

    /** Never pushed, because {@code why}. */
    static PostgresRendering never(String why) {
        PostgresForm form = PostgresForm.notPushed(why);
        return call -> form;
    }
}
