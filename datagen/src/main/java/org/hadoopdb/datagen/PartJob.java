package org.hadoopdb.datagen;

import java.io.IOException;

/**
 * One unit of parallel work: part {@code part} of a table. Parts are fixed by the data set (its scale and
 * part size), never by the thread count, and each one writes its own files, so the output is the same
 * however many threads run the parts and in whatever order.
 */
record PartJob(TableProgress table, int part, Work work) {

    /** Writes the part's rows. */
    @FunctionalInterface
    interface Work {
        void write(PartOutputs outputs, RowCounter rows) throws IOException;
    }
}
