package org.hadoopdb.planner.codegen;

import org.hadoopdb.connector.row.Row;

/**
 * A list of expressions compiled to Java for one task: computes the output row's fields from an
 * input row. Implementations are generated at planning time and compiled once per task; they keep
 * no state between rows other than reusable buffers.
 */
public interface CompiledProjection {
    /** Sets every field of {@code out} (whose schema the plan fixed) from {@code in}. */
    void project(Row in, Row out);
}
