package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;

/**
 * Where the rows of a pushed fragment live, which decides what can still be computed inside the
 * node databases (docs/architecture.md, "The SMS split"). The methods answer the split's placement
 * questions: may an operator run in the chunks, and where do its rows live afterwards.
 */
public sealed interface Placement permits Placement.Chunked, Placement.Replicated, Placement.Single {

    /** The logical tables the fragment reads. */
    Set<String> tables();

    /** True when one place holds every row (a replicated copy, a VALUES, a single chunk): anything can be computed there. */
    default boolean singleCopy() {
        return this instanceof Replicated || this instanceof Single || this instanceof Chunked c && c.singleChunk();
    }

    /**
     * True when all rows that agree on {@code fields} are in one chunk, so a GROUP BY or a window's
     * PARTITION BY on them can run chunk by chunk: the fields contain the partitioning key, or one
     * copy holds everything.
     */
    default boolean keepsTogether(ImmutableBitSet fields) {
        if (singleCopy()) {
            return true;
        }
        if (this instanceof Chunked c && !c.keyFields().isEmpty()) {
            for (int k : c.keyFields()) {
                if (!fields.get(k)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /** The placement after a projection: key fields follow the columns that are passed through. */
    default Placement afterProject(List<RexNode> projects) {
        if (!(this instanceof Chunked c)) {
            return this;
        }
        List<Integer> keys = new ArrayList<>();
        for (int k : c.keyFields()) {
            int found = -1;
            for (int i = 0; i < projects.size(); i++) {
                if (projects.get(i) instanceof RexInputRef ref && ref.getIndex() == k) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                return c.withKeyFields(List.of());
            }
            keys.add(found);
        }
        return c.withKeyFields(keys);
    }

    /** The placement after a chunk-local aggregate: key fields move to their position among the group fields. */
    default Placement afterAggregate(ImmutableBitSet groupSet) {
        if (!(this instanceof Chunked c)) {
            return this;
        }
        List<Integer> group = groupSet.asList();
        List<Integer> keys = new ArrayList<>();
        for (int k : c.keyFields()) {
            keys.add(group.indexOf(k));
        }
        return c.withKeyFields(keys);
    }

    /** The placement after pushing {@code conjuncts}: a key = literal condition limits the chunks (chunk pruning). */
    default Placement afterFilter(List<RexNode> conjuncts) {
        return ChunkPruning.prune(this, conjuncts);
    }

    /** The placement of a join of this (left) input with {@code right} inside the chunks, or null when it is not chunk-local (the join placement rules). */
    default Placement joinedWith(Placement right, JoinRelType type, JoinInfo info, int leftWidth) {
        return JoinPlacement.of(this, right, type, info, leftWidth);
    }

    /**
     * The placement of a UNION ALL computable chunk by chunk: every input over tables on one
     * partitioning scheme with the same chunks (or all replicated), so each chunk's statement unions
     * that chunk's rows. Null when the inputs do not line up.
     */
    static Placement unionOf(List<Placement> inputs) {
        Placement first = null;
        Set<String> tables = new TreeSet<>();
        for (Placement pl : inputs) {
            if (pl instanceof Single) {
                return null;
            }
            tables.addAll(pl.tables());
            if (first == null) {
                first = pl;
                continue;
            }
            if (first instanceof Chunked a && pl instanceof Chunked b) {
                if (!a.colocatedWith(b) || !Objects.equals(a.chunks(), b.chunks())) {
                    return null;
                }
            } else if (!(first instanceof Replicated && pl instanceof Replicated)) {
                return null;
            }
        }
        if (first instanceof Chunked c) {
            // rows of different inputs sit in the same chunk without a common key column in the output
            return new Chunked(c.driver(), c.scheme(), List.of(), c.chunks(), tables);
        }
        Replicated r = (Replicated) first;
        return new Replicated(r.driver(), tables);
    }

    /**
     * The placement of a UNION ALL ({@link #unionOf}) that also keeps the partitioning key when every
     * input has it in the same output columns: each chunk's rows then still agree with the chunk on
     * those columns, so a GROUP BY on them (INTERSECT and EXCEPT are such a GROUP BY) stays in the chunks.
     */
    static Placement unionWithSharedKey(List<Placement> inputs) {
        Placement union = unionOf(inputs);
        if (!(union instanceof Chunked c)) {
            return union;
        }
        List<Integer> keys = ((Chunked) inputs.get(0)).keyFields();
        for (Placement pl : inputs) {
            if (!((Chunked) pl).keyFields().equals(keys)) {
                return union;
            }
        }
        return c.withKeyFields(keys);
    }

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

        /** True when equal partitioning keys of both land in the same chunk number. */
        public boolean colocatedWith(Chunked other) {
            return scheme.id().equals(other.scheme.id()) || scheme.colocatedWith(other.scheme);
        }

        /** The same rows with the partitioning key at {@code keys} (empty: not in the output). */
        public Chunked withKeyFields(List<Integer> keys) {
            return new Chunked(driver, scheme, keys, chunks, tables);
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
