package org.hadoopdb.runtime.ops;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import org.hadoopdb.connector.row.Row;

/** {@code collect_list} / {@code collect_set}: the group's non-NULL values as an array (a set keeps the first of equal values). */
final class Collect extends Accumulator {
    private final int field;
    private final boolean distinct;
    private Collection<Object> values;

    Collect(int field, boolean distinct) {
        this.field = field;
        this.distinct = distinct;
    }

    @Override
    void reset() {
        values = distinct ? new LinkedHashSet<>() : new ArrayList<>();
    }

    @Override
    void add(Row in) {
        if (!in.isNull(field)) {
            values.add(in.get(field));
        }
    }

    @Override
    void write(Row out, int f) {
        out.setComplex(f, Collections.unmodifiableList(new ArrayList<>(values)));
    }
}
