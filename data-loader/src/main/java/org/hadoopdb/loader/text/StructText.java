package org.hadoopdb.loader.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hadoopdb.catalog.model.HiveType;

/**
 * A STRUCT at one nesting level: its fields' values in order, separated by that level's separator,
 * each read at the next level. The text must hold exactly the struct's fields: Hive reads missing
 * fields as NULL and drops extra ones, but the loader rejects such a value, as it rejects a line with
 * the wrong number of fields, so nothing is silently lost.
 */
final class StructText extends NestedText {
    private final HiveType type;
    private final byte separator;
    private final NestedText[] fields;
    private List<Object> value;

    StructText(HiveType type, int level, NestingSeparators separators, TextFormat format) {
        super(format);
        this.type = type;
        this.separator = separators.at(level);
        List<HiveType> types = type.fieldTypes();
        this.fields = new NestedText[types.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = NestedText.of(types.get(i), level + 1, separators, format);
        }
    }

    @Override
    String parse(byte[] b, int from, int to) {
        List<Object> values = new ArrayList<>(fields.length);
        int found = 0;
        for (int start = from; ; ) {
            int end = next(b, start, to, separator);
            if (found < fields.length) {
                String error = readItem(fields[found], b, start, end);
                if (error != null) {
                    return fieldName(found) + ": " + error;
                }
                values.add(item);
            }
            found++;
            if (end == to) {
                break;
            }
            start = end + 1;
        }
        if (found != fields.length) {
            return "the value has " + found + " field" + (found == 1 ? "" : "s") + " but " + type + " has " + fields.length
                    + " (separated by " + TextFormat.show(separator & 0xFF) + ")";
        }
        value = Collections.unmodifiableList(values);
        return null;
    }

    @Override
    String normalize(Object v) {
        if (!(v instanceof List<?> list)) {
            return ColumnConverter.javaTypeError(v, type.toString());
        }
        if (list.size() != fields.length) {
            return "a value of " + type + " needs " + fields.length + " fields, got " + list.size();
        }
        List<Object> values = new ArrayList<>(fields.length);
        for (int i = 0; i < fields.length; i++) {
            String error = normalizeItem(fields[i], list.get(i));
            if (error != null) {
                return fieldName(i) + ": " + error;
            }
            values.add(item);
        }
        value = Collections.unmodifiableList(values);
        return null;
    }

    private String fieldName(int i) {
        return "field '" + type.fieldNames().get(i) + "'";
    }

    @Override
    Object value() {
        return value;
    }
}
