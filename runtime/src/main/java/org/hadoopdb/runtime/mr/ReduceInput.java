package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.lang.reflect.Field;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapreduce.ReduceContext;
import org.apache.hadoop.mapreduce.lib.reduce.WrappedReducer;
import org.apache.hadoop.mapreduce.task.ReduceContextImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes the merged input of a reduce task that failed. Hadoop's {@code ReduceTask} closes the merge
 * of its map outputs only when the reducer has read all of it: a reducer that fails (a cancelled
 * query's, above all) leaves {@code map_N.out.merged} open in the task's local directory, which the
 * query then deletes, so the file's space stays taken until a garbage collection. Hadoop offers no
 * handle on that input, so it is reached through the fields of its context classes; with another
 * Hadoop that lacks them, nothing is closed and a debug line says so.
 */
final class ReduceInput {
    private static final Logger LOG = LoggerFactory.getLogger(ReduceInput.class);

    private ReduceInput() {
    }

    /** Closes the input behind {@code context}; never throws (the task's own failure is what matters). */
    @SuppressWarnings("rawtypes")
    static void closeAfterFailure(Object context) {
        try {
            Object inner = context;
            if (inner instanceof WrappedReducer.Context) {
                inner = field(WrappedReducer.Context.class, "reduceContext").get(inner);
            }
            if (inner instanceof ReduceContextImpl) {
                ((RawKeyValueIterator) field(ReduceContextImpl.class, "input").get(inner)).close();
            } else if (!(inner instanceof ReduceContext)) {
                LOG.debug("Not a reduce context: {}", inner);
            }
        } catch (ReflectiveOperationException | RuntimeException | IOException e) {
            LOG.debug("Could not close the input of a failed reduce task: {}", e.toString());
        }
    }

    private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
