package org.hadoopdb.runtime.ops;

import java.io.IOException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.codegen.CompiledPredicate;

/** Passes the rows for which the compiled condition is TRUE. */
final class FilterOperator extends Forwarding {
    private final CompiledPredicate predicate;

    FilterOperator(CompiledPredicate predicate, RowSink next) {
        super(next);
        this.predicate = predicate;
    }

    @Override
    public void accept(Row row) throws IOException {
        if (predicate.test(row)) {
            next.accept(row);
        }
    }
}
