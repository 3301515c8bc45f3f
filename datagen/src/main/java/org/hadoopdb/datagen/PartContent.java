package org.hadoopdb.datagen;

import java.io.IOException;

/** Writes rows [first, end) of one table into the files of one part. */
@FunctionalInterface
interface PartContent {

    void write(long first, long end, PartOutputs outputs, RowCounter rows) throws IOException;
}
