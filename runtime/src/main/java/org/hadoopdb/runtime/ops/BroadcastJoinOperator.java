package org.hadoopdb.runtime.ops;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.codegen.CompiledPredicate;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * A map-side join (see {@link OperatorSpec.BroadcastJoin}): the small input is read once per task
 * into a hash table, then every streaming row is joined against it. Keys are compared by value across
 * widths of one family (an INT key finds a BIGINT key), and a NULL key finds nothing.
 */
final class BroadcastJoinOperator extends Forwarding {
    private enum Type { INNER, LEFT, RIGHT, SEMI, ANTI }

    private final OperatorSpec.BroadcastJoin spec;
    private final Type type;
    private final CompiledPredicate residual;
    private final Pipeline.SideInputs sideInputs;
    private final Row pair;
    private final HiveType.Kind[] pairKinds;
    private final int probeWidth;
    private final int buildWidth;
    private final int probeOffset;
    private final int buildOffset;
    private Map<Object, List<Row>> table;
    /** Counts the pairs tried: one probe row of a cross join meets every build row. */
    private final Cancellation.Ticker pairs;

    BroadcastJoinOperator(OperatorSpec.BroadcastJoin spec, CompiledPredicate residual, Pipeline.SideInputs sideInputs,
                          RowSink next) {
        this(spec, residual, sideInputs, next, Cancellation.NONE.ticker());
    }

    BroadcastJoinOperator(OperatorSpec.BroadcastJoin spec, CompiledPredicate residual, Pipeline.SideInputs sideInputs,
                          RowSink next, Cancellation.Ticker pairs) {
        super(next);
        this.pairs = pairs;
        this.spec = spec;
        this.type = Type.valueOf(spec.type().toUpperCase(Locale.ROOT));
        this.residual = residual;
        this.sideInputs = sideInputs;
        this.pair = new Row(spec.pair());
        this.pairKinds = new HiveType.Kind[spec.pair().size()];
        for (int i = 0; i < pairKinds.length; i++) {
            pairKinds[i] = spec.pair().type(i).kind();
        }
        this.buildWidth = spec.buildSchema().size();
        this.probeWidth = spec.pair().size() - buildWidth;
        this.probeOffset = spec.probeIsLeft() ? 0 : buildWidth;
        this.buildOffset = spec.probeIsLeft() ? probeWidth : 0;
    }

    @Override
    public void accept(Row probe) throws IOException {
        if (table == null) {
            table = load();
        }
        Object key = key(probe, spec.probeKeys());
        List<Row> matches = key == null ? null : table.get(key);
        boolean matched = false;
        if (matches != null) {
            for (int p = 0; p < probeWidth; p++) {
                SelectOperator.copy(probe, p, pair, probeOffset + p, pairKinds[probeOffset + p]);
            }
            for (Row build : matches) {
                pairs.tick();
                for (int b = 0; b < buildWidth; b++) {
                    SelectOperator.copy(build, b, pair, buildOffset + b, pairKinds[buildOffset + b]);
                }
                if (residual == null || residual.test(pair)) {
                    matched = true;
                    if (type == Type.SEMI || type == Type.ANTI) {
                        break;
                    }
                    next.accept(pair);
                }
            }
        }
        switch (type) {
            case SEMI -> {
                if (matched) {
                    next.accept(probe);
                }
            }
            case ANTI -> {
                if (!matched) {
                    next.accept(probe);
                }
            }
            case LEFT, RIGHT -> {
                if (!matched) {
                    for (int p = 0; p < probeWidth; p++) {
                        SelectOperator.copy(probe, p, pair, probeOffset + p, pairKinds[probeOffset + p]);
                    }
                    for (int b = 0; b < buildWidth; b++) {
                        pair.setNull(buildOffset + b);
                    }
                    next.accept(pair);
                }
            }
            default -> { }
        }
    }

    /** The build side's hash table, built once per query and process (tasks of the local runner share it). */
    private Map<Object, List<Row>> load() throws IOException {
        String name = "broadcast stage " + spec.buildStage() + " on " + java.util.Arrays.toString(spec.buildKeys()) + " of "
                + spec.buildSchema();
        return sideInputs.shared(name, this::build);
    }

    private Map<Object, List<Row>> build() throws IOException {
        Map<Object, List<Row>> map = new HashMap<>();
        for (Row row : sideInputs.rows(spec.buildStage(), spec.buildSchema())) {
            Object key = key(row, spec.buildKeys());
            if (key != null) {
                map.computeIfAbsent(key, k -> new ArrayList<>(1)).add(row.copy());
            }
        }
        return map;
    }

    /** The join key of a row as a hashable value ({@link CompositeKey} for several key columns); null when any part is NULL. */
    private static Object key(Row row, int[] fields) {
        if (fields.length == 1) {
            return value(row, fields[0]);
        }
        Object[] parts = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            parts[i] = value(row, fields[i]);
            if (parts[i] == null) {
                return null;
            }
        }
        return new CompositeKey(parts);
    }

    /**
     * A key of several columns, hashed so that keys of related integers spread over the table. A list's hash
     * ({@code 31 * h(a) + h(b)}) of TPC-H's partsupp keys (part, supplier), whose supplier follows from the part,
     * put up to dozens of keys in a bucket; the buckets turned into trees that a list, not comparable, searches
     * end to end (Q9's join of lineitem with partsupp spent most of its time there).
     */
    static final class CompositeKey {
        private final Object[] parts;
        private final int hash;

        CompositeKey(Object[] parts) {
            this.parts = parts;
            long h = 0x9E3779B97F4A7C15L;
            for (Object p : parts) {
                h = (h ^ p.hashCode()) * 0xBF58476D1CE4E5B9L;
                h ^= h >>> 31;
            }
            this.hash = (int) (h ^ (h >>> 32));
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CompositeKey k && k.hash == hash && java.util.Arrays.equals(k.parts, parts);
        }
    }

    private static Object value(Row row, int f) {
        if (row.isNull(f)) {
            return null;
        }
        HiveType.Kind kind = row.schema().type(f).kind();
        if (kind.isInteger()) {
            return row.getLong(f);
        }
        if (kind == HiveType.Kind.FLOAT || kind == HiveType.Kind.DOUBLE) {
            double d = row.getDouble(f);
            return d == 0.0 ? 0.0 : d;
        }
        if (kind == HiveType.Kind.DECIMAL) {
            BigDecimal d = row.getDecimal(f);
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (kind == HiveType.Kind.BINARY) {
            return java.nio.ByteBuffer.wrap(row.getBinary(f));
        }
        return row.get(f);
    }
}
