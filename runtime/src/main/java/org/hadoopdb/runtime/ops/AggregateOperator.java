package org.hadoopdb.runtime.ops;

import java.io.IOException;
import java.util.List;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * Streaming aggregation in a reduce task: the shuffle delivers each group's rows together, so one
 * group's state is all that is kept. The group fields are the first {@code groupFields} of the
 * input; the output is the group fields followed by the aggregates.
 */
final class AggregateOperator extends Forwarding {
    private final int groupFields;
    private final Accumulator[] accumulators;
    private final Row out;
    private boolean groupHasRows;
    private boolean emittedAny;

    AggregateOperator(OperatorSpec.Aggregate spec, RowSink next) {
        super(next);
        this.groupFields = spec.groupFields();
        List<org.hadoopdb.planner.plan.AggCall> calls = spec.calls();
        this.accumulators = new Accumulator[calls.size()];
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i] = Accumulator.create(calls.get(i), spec.mode());
            accumulators[i].reset();
        }
        this.out = new Row(spec.schema());
    }

    @Override
    public void accept(Row row) {
        if (!groupHasRows) {
            for (int i = 0; i < groupFields; i++) {
                out.set(i, row.get(i));
            }
            groupHasRows = true;
        }
        for (Accumulator a : accumulators) {
            a.add(row);
        }
    }

    @Override
    public void endGroup() throws IOException {
        if (groupHasRows) {
            emit();
        }
        next.endGroup();
    }

    @Override
    public void finish() throws IOException {
        // A global aggregate (no GROUP BY) answers one row even for no input: COUNT(*) = 0.
        if (groupFields == 0 && !emittedAny) {
            emit();
        }
        for (Accumulator a : accumulators) {
            a.release();
        }
        next.finish();
    }

    private void emit() throws IOException {
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i].write(out, groupFields + i);
            accumulators[i].reset();
        }
        groupHasRows = false;
        emittedAny = true;
        next.accept(out);
    }
}
