package org.hadoopdb.runtime.ops;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * A task's top n rows (see {@link OperatorSpec.TopN}): a bounded heap whose head is the worst row
 * kept, compared by the same binary sort key the shuffle uses, so the order is exactly the query's.
 */
final class TopNOperator extends Forwarding {
    private record Entry(SortKey key, Row row) {
    }

    private final SortKeyCodec codec;
    private final int n;
    private final PriorityQueue<Entry> heap;
    private final SortKey probe = new SortKey();

    TopNOperator(OperatorSpec.TopN spec, RowSink next) {
        super(next);
        this.codec = new SortKeyCodec(spec.key());
        this.n = (int) Math.min(Integer.MAX_VALUE - 8, spec.n());
        Comparator<Entry> byKey = (a, b) -> a.key().compareTo(b.key());
        this.heap = new PriorityQueue<>(Math.max(1, Math.min(n, 1024)), byKey.reversed());
    }

    @Override
    public void accept(Row row) {
        if (n == 0) {
            return;
        }
        codec.encode(row, probe);
        if (heap.size() < n) {
            heap.add(new Entry(probe.copy(), row.copy()));
        } else if (probe.compareTo(heap.peek().key()) < 0) {
            heap.poll();
            heap.add(new Entry(probe.copy(), row.copy()));
        }
    }

    @Override
    public void endGroup() {
        // the top n spans the task's groups
    }

    @Override
    public void finish() throws IOException {
        List<Entry> kept = new ArrayList<>(heap);
        heap.clear();
        kept.sort((a, b) -> a.key().compareTo(b.key()));
        for (Entry e : kept) {
            next.accept(e.row());
        }
        next.finish();
    }
}
