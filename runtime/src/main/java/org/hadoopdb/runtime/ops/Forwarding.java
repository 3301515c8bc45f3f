package org.hadoopdb.runtime.ops;

import java.io.IOException;

/** An operator that passes group ends, finish and done to the next one. */
abstract class Forwarding implements RowSink {
    protected final RowSink next;

    Forwarding(RowSink next) {
        this.next = next;
    }

    @Override
    public void endGroup() throws IOException {
        next.endGroup();
    }

    @Override
    public void finish() throws IOException {
        next.finish();
    }

    @Override
    public boolean done() {
        return next.done();
    }
}
