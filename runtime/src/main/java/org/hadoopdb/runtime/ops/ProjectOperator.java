package org.hadoopdb.runtime.ops;

import java.io.IOException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.codegen.CompiledProjection;

/** Computes each output row with compiled expressions into one reused row. */
final class ProjectOperator extends Forwarding {
    private final CompiledProjection projection;
    private final Row out;

    ProjectOperator(CompiledProjection projection, RowSchema output, RowSink next) {
        super(next);
        this.projection = projection;
        this.out = new Row(output);
    }

    @Override
    public void accept(Row row) throws IOException {
        projection.project(row, out);
        next.accept(out);
    }
}
