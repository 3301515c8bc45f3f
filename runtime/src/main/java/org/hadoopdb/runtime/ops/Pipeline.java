package org.hadoopdb.runtime.ops;

import java.io.IOException;
import java.util.List;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.codegen.CompiledPredicate;
import org.hadoopdb.planner.codegen.CompiledProjection;
import org.hadoopdb.planner.plan.OperatorSpec;

/** Builds the operator chain of a map or reduce task from its specs; expressions are compiled here, once. */
public final class Pipeline {
    /** Compiles the generated Java of a plan's expressions (once per class name per JVM). */
    public interface ExpressionLoader {
        <T> T load(String className, String javaSource, Class<T> type);
    }

    /** Rows an operator reads besides its stream: the output of an earlier stage of the same query. */
    public interface SideInputs {
        SideInputs NONE = (stage, schema) -> {
            throw new IllegalStateException("This task has no side inputs (asked for the output of stage " + stage + ")");
        };

        Iterable<Row> rows(int stage, RowSchema schema) throws IOException;

        /**
         * A read-only value built from side inputs, such as a broadcast join's hash table. Tasks of one
         * query that run in one process (the local runner's, a stage in the client) may share it, so the
         * value must not be changed once built; by default each caller builds its own.
         *
         * @param name what the value is, unique within the query (the same name must build the same value)
         */
        default <T> T shared(String name, SharedBuild<T> build) throws IOException {
            return build.build();
        }
    }

    /** Builds a value for {@link SideInputs#shared}. */
    @FunctionalInterface
    public interface SharedBuild<T> {
        T build() throws IOException;
    }

    private Pipeline() {
    }

    /** The head of the chain: rows pushed into it flow through {@code specs} into {@code terminal}. */
    public static RowSink build(List<OperatorSpec> specs, RowSink terminal, ExpressionLoader loader) {
        return build(specs, terminal, loader, SideInputs.NONE);
    }

    /** As {@link #build(List, RowSink, ExpressionLoader)}, for operators that read earlier stages' output. */
    public static RowSink build(List<OperatorSpec> specs, RowSink terminal, ExpressionLoader loader, SideInputs sideInputs) {
        return build(specs, terminal, loader, sideInputs, Cancellation.NONE);
    }

    /**
     * As {@link #build(List, RowSink, ExpressionLoader, SideInputs)}, in a task that must stop when its
     * query is cancelled: the joins, which emit many rows per input row, check {@code cancellation}.
     */
    public static RowSink build(List<OperatorSpec> specs, RowSink terminal, ExpressionLoader loader, SideInputs sideInputs,
            Cancellation cancellation) {
        RowSink next = terminal;
        for (int i = specs.size() - 1; i >= 0; i--) {
            next = operator(specs.get(i), next, loader, sideInputs, cancellation);
        }
        return next;
    }

    private static RowSink operator(OperatorSpec spec, RowSink next, ExpressionLoader loader, SideInputs sideInputs,
            Cancellation cancellation) {
        if (spec instanceof OperatorSpec.Filter f) {
            return new FilterOperator(loader.load(f.className(), f.javaSource(), CompiledPredicate.class), next);
        }
        if (spec instanceof OperatorSpec.Project p) {
            return new ProjectOperator(loader.load(p.className(), p.javaSource(), CompiledProjection.class), p.schema(), next);
        }
        if (spec instanceof OperatorSpec.Select s) {
            return new SelectOperator(s.fields(), s.schema(), next);
        }
        if (spec instanceof OperatorSpec.Aggregate a) {
            return new AggregateOperator(a, next);
        }
        if (spec instanceof OperatorSpec.JoinInput j) {
            return new JoinInputOperator(j, next);
        }
        if (spec instanceof OperatorSpec.Join j) {
            CompiledPredicate residual = j.residual() == null ? null
                    : loader.load(j.residual().className(), j.residual().javaSource(), CompiledPredicate.class);
            return new JoinOperator(j, residual, next, cancellation.ticker());
        }
        if (spec instanceof OperatorSpec.BroadcastJoin b) {
            CompiledPredicate residual = b.residual() == null ? null
                    : loader.load(b.residual().className(), b.residual().javaSource(), CompiledPredicate.class);
            return new BroadcastJoinOperator(b, residual, sideInputs, next, cancellation.ticker());
        }
        if (spec instanceof OperatorSpec.TopN t) {
            return new TopNOperator(t, next);
        }
        if (spec instanceof OperatorSpec.Window w) {
            return new WindowOperator(w, next);
        }
        if (spec instanceof OperatorSpec.Generate g) {
            return new GenerateOperator(g, sink -> operator(g.args(), sink, loader, sideInputs, cancellation), next);
        }
        OperatorSpec.Limit l = (OperatorSpec.Limit) spec;
        return new LimitOperator(l.offset(), l.fetch(), next);
    }
}
