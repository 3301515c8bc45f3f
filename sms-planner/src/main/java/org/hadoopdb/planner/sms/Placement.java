package org.hadoopdb.planner.sms;

import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;

/**
 * Where the rows of a pushed fragment live, which decides what can still be computed inside the
 * node databases (DESIGN.md, "The SMS split").
 */
public sealed interface Placement permits Placement.Chunked, Placement.Replicated, Placement.Single {

    /** The logical tables the fragment reads. */
    Set<String> tables();

    /**
     * Spread over the chunks of {@code scheme}.
     *
     * @param driver    the table whose chunks define the splits
     * @param keyFields output positions holding the partitioning key columns, in key order; empty
     *                  when the key is not in the output (or the table has none)
     * @param chunks    the chunks that can hold rows (pruned by key = literal), null for all
     */
    record Chunked(TableInfo driver, PartitioningScheme scheme, List<Integer> keyFields, SortedSet<Integer> chunks,
                   Set<String> tables) implements Placement {

        /** True when every row is in one chunk, so anything can be computed there. */
        public boolean singleChunk() {
            return chunks != null && chunks.size() <= 1 || scheme.chunkCount() == 1;
        }
    }

    /** An identical copy on every node: computable on any one node. */
    record Replicated(TableInfo driver, Set<String> tables) implements Placement {
    }

    /** No table at all (VALUES): computed once, on any node. */
    record Single() implements Placement {
        @Override
        public Set<String> tables() {
            return Set.of();
        }
    }
}
