package org.hadoopdb.runtime.ops;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.CompiledPredicate;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * The reduce side of a repartition join (see {@link OperatorSpec.Join}). Each shuffle group is one
 * join key, its left rows first. The left rows are kept, in memory up to the spec's budget and on
 * local disk beyond it; the right rows are then matched against them in batches, so a skewed key
 * costs disk passes instead of an out-of-memory failure. A NULL key matches nothing: its rows only
 * survive on a preserved side of an outer join.
 */
final class JoinOperator extends Forwarding {
    /** Right rows matched per pass over the spilled left rows. */
    private static final int RIGHT_BATCH = 4096;

    private enum Type { INNER, LEFT, RIGHT, FULL, SEMI, ANTI }

    private final Type type;
    private final int keys;
    private final int leftWidth;
    private final int rightWidth;
    private final long bufferBytes;
    private final CompiledPredicate residual;
    private final RowSchema leftSchema;
    private final RowSchema rightSchema;
    private final HiveType.Kind[] pairKinds;
    private final Row pair;
    private final Row leftOut;

    private final List<Row> left = new ArrayList<>();
    private long leftBytes;
    private Path spill;
    private DataOutputStream spillOut;
    private int spilledRows;
    private final BitSet leftMatched = new BitSet();
    private final List<Row> rightBatch = new ArrayList<>();
    private boolean nullKey;
    /** Counts the pairs tried: one input row can make millions (a key shared by many rows, a cross join). */
    private final Cancellation.Ticker pairs;

    JoinOperator(OperatorSpec.Join spec, CompiledPredicate residual, RowSink next) {
        this(spec, residual, next, Cancellation.NONE.ticker());
    }

    JoinOperator(OperatorSpec.Join spec, CompiledPredicate residual, RowSink next, Cancellation.Ticker pairs) {
        super(next);
        this.pairs = pairs;
        this.type = Type.valueOf(spec.type().toUpperCase(Locale.ROOT));
        this.keys = spec.keys();
        this.leftWidth = spec.leftWidth();
        this.rightWidth = spec.rightWidth();
        this.bufferBytes = spec.bufferBytes();
        this.residual = residual;
        int[] l = new int[leftWidth];
        for (int i = 0; i < leftWidth; i++) {
            l[i] = i;
        }
        int[] r = new int[rightWidth];
        for (int i = 0; i < rightWidth; i++) {
            r[i] = leftWidth + i;
        }
        this.leftSchema = spec.pair().project(l);
        this.rightSchema = spec.pair().project(r);
        this.pair = new Row(spec.pair());
        this.pairKinds = new HiveType.Kind[leftWidth + rightWidth];
        for (int i = 0; i < pairKinds.length; i++) {
            pairKinds[i] = spec.pair().type(i).kind();
        }
        this.leftOut = new Row(leftSchema);
    }

    @Override
    public void accept(Row row) throws IOException {
        if (left.isEmpty() && spilledRows == 0 && rightBatch.isEmpty()) {
            nullKey = false;
            for (int i = 0; i < keys; i++) {
                nullKey |= row.isNull(i);
            }
        }
        long tag = row.getLong(keys);
        if (tag == 0) {
            if (!rightBatch.isEmpty()) {
                throw new PlannerException("Repartition join received a left row after right rows of the same key: the shuffle "
                        + "did not sort by input");
            }
            addLeft(row);
        } else {
            Row r = new Row(rightSchema);
            for (int i = 0; i < rightWidth; i++) {
                SelectOperator.copy(row, keys + 1 + leftWidth + i, r, i, pairKinds[leftWidth + i]);
            }
            rightBatch.add(r);
            if (rightBatch.size() >= RIGHT_BATCH) {
                matchBatch();
            }
        }
    }

    @Override
    public void endGroup() throws IOException {
        matchBatch();
        if (type == Type.LEFT || type == Type.FULL || type == Type.SEMI || type == Type.ANTI) {
            emitLeftByMatch(type == Type.SEMI);
        }
        reset();
        // The join consumes the shuffle's groups: operators after it see one stream.
    }

    @Override
    public void finish() throws IOException {
        reset();
        next.finish();
    }

    private void addLeft(Row row) throws IOException {
        Row l = new Row(leftSchema);
        for (int i = 0; i < leftWidth; i++) {
            SelectOperator.copy(row, keys + 1 + i, l, i, pairKinds[i]);
        }
        if (spillOut == null && leftBytes + l.estimatedBytes() <= bufferBytes) {
            left.add(l);
            leftBytes += l.estimatedBytes();
            return;
        }
        if (spillOut == null) {
            spill = Files.createTempFile("hadoopdb-join-", ".rows");
            spillOut = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(spill), 1 << 16));
        }
        l.write(spillOut);
        spilledRows++;
    }

    /** Matches the buffered right rows against every left row of the key. */
    private void matchBatch() throws IOException {
        if (rightBatch.isEmpty()) {
            return;
        }
        BitSet rightMatched = new BitSet(rightBatch.size());
        if (!nullKey) {
            for (int li = 0; li < left.size(); li++) {
                matchLeft(left.get(li), li, rightMatched);
            }
            if (spilledRows > 0) {
                spillOut.flush();
                try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(spill), 1 << 16))) {
                    Row l = new Row(leftSchema);
                    for (int i = 0; i < spilledRows; i++) {
                        l.readFields(in);
                        matchLeft(l, left.size() + i, rightMatched);
                    }
                } catch (EOFException e) {
                    throw new IOException("Join spill file " + spill + " is truncated", e);
                }
            }
        }
        if (type == Type.RIGHT || type == Type.FULL) {
            for (int ri = rightMatched.nextClearBit(0); ri < rightBatch.size(); ri = rightMatched.nextClearBit(ri + 1)) {
                setLeftNull();
                setRight(rightBatch.get(ri));
                next.accept(pair);
            }
        }
        rightBatch.clear();
    }

    private void matchLeft(Row l, int index, BitSet rightMatched) throws IOException {
        boolean emitPairs = type == Type.INNER || type == Type.LEFT || type == Type.RIGHT || type == Type.FULL;
        if (!emitPairs && residual == null) {
            // SEMI and ANTI without a residual: any right row of the key matches
            leftMatched.set(index);
            return;
        }
        setLeft(l);
        for (int ri = 0; ri < rightBatch.size(); ri++) {
            pairs.tick();
            setRight(rightBatch.get(ri));
            if (residual == null || residual.test(pair)) {
                leftMatched.set(index);
                rightMatched.set(ri);
                if (emitPairs) {
                    next.accept(pair);
                } else {
                    return;
                }
            }
        }
    }

    /** LEFT/FULL/ANTI: the left rows nothing matched (NULLs on the right); SEMI: the ones something matched. */
    private void emitLeftByMatch(boolean matched) throws IOException {
        int total = left.size() + spilledRows;
        if (spilledRows > 0) {
            spillOut.flush();
        }
        DataInputStream in = spilledRows > 0
                ? new DataInputStream(new BufferedInputStream(Files.newInputStream(spill), 1 << 16)) : null;
        try {
            Row spilled = new Row(leftSchema);
            for (int i = 0; i < total; i++) {
                pairs.tick();
                Row l;
                if (i < left.size()) {
                    l = left.get(i);
                } else {
                    spilled.readFields(in);
                    l = spilled;
                }
                if (leftMatched.get(i) != matched) {
                    continue;
                }
                if (type == Type.SEMI || type == Type.ANTI) {
                    leftOut.copyFrom(l);
                    next.accept(leftOut);
                } else {
                    setLeft(l);
                    setRightNull();
                    next.accept(pair);
                }
            }
        } finally {
            if (in != null) {
                in.close();
            }
        }
    }

    private void setLeft(Row l) {
        for (int i = 0; i < leftWidth; i++) {
            SelectOperator.copy(l, i, pair, i, pairKinds[i]);
        }
    }

    private void setRight(Row r) {
        for (int i = 0; i < rightWidth; i++) {
            SelectOperator.copy(r, i, pair, leftWidth + i, pairKinds[leftWidth + i]);
        }
    }

    private void setLeftNull() {
        for (int i = 0; i < leftWidth; i++) {
            pair.setNull(i);
        }
    }

    private void setRightNull() {
        for (int i = 0; i < rightWidth; i++) {
            pair.setNull(leftWidth + i);
        }
    }

    private void reset() throws IOException {
        left.clear();
        leftBytes = 0;
        leftMatched.clear();
        rightBatch.clear();
        spilledRows = 0;
        if (spillOut != null) {
            spillOut.close();
            spillOut = null;
            Files.deleteIfExists(spill);
            spill = null;
        }
    }
}
