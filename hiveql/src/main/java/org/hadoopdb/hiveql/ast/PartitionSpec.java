package org.hadoopdb.hiveql.ast;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code PARTITION (k1='v1', k2=2, k3)}: the partition columns a statement names, each with its value as
 * written (a string literal's text, a number's digits, {@code true}/{@code false}, a date's text) or
 * without one (a dynamic partition column of {@code INSERT}, whose value comes from the query).
 *
 * @param values the columns in the order written
 */
public record PartitionSpec(List<Value> values) {

    /**
     * One column of the spec.
     *
     * @param column lower-case column name
     * @param value  the value's text, or null for a dynamic column
     */
    public record Value(String column, String value) {
        public boolean isDynamic() {
            return value == null;
        }
    }

    public PartitionSpec {
        values = List.copyOf(values);
    }

    /** The columns named, in order. */
    public List<String> columns() {
        List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(v.column()));
        return out;
    }

    /** Whether every column has a value. */
    public boolean isStatic() {
        return values.stream().noneMatch(Value::isDynamic);
    }

    /** As Hive writes it: {@code dt='2020-01-01', country}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("PARTITION (");
        for (int i = 0; i < values.size(); i++) {
            Value v = values.get(i);
            sb.append(i == 0 ? "" : ", ").append(v.column());
            if (!v.isDynamic()) {
                sb.append("='").append(v.value().replace("'", "\\'")).append('\'');
            }
        }
        return sb.append(')').toString();
    }
}
