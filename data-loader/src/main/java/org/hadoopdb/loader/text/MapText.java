package org.hadoopdb.loader.text;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hadoopdb.catalog.model.HiveType;

/**
 * A MAP at nesting level n: entries separated by separator n, an entry's key and value by the first
 * separator n+1 in it, keys and values read at level n+2. Empty text is the empty map. Where Hive
 * silently drops an entry (a NULL key, a key already seen, an entry without a key separator, which it
 * reads as a NULL value), the loader rejects the value instead, as it rejects a malformed field.
 */
final class MapText extends NestedText {
    private final HiveType type;
    private final byte entrySeparator;
    private final byte keySeparator;
    private final NestedText key;
    private final NestedText val;
    private Map<Object, Object> value;

    MapText(HiveType type, int level, NestingSeparators separators, TextFormat format) {
        super(format);
        this.type = type;
        this.entrySeparator = separators.at(level);
        this.keySeparator = separators.at(level + 1);
        this.key = NestedText.of(type.keyType(), level + 2, separators, format);
        this.val = NestedText.of(type.valueType(), level + 2, separators, format);
    }

    @Override
    String parse(byte[] b, int from, int to) {
        Map<Object, Object> entries = new LinkedHashMap<>();
        int entry = 0;
        for (int start = from; start < to; ) {
            entry++;
            int end = next(b, start, to, entrySeparator);
            int split = next(b, start, end, keySeparator);
            if (split == end) {
                return "entry " + entry + " " + ColumnConverter.show(b, start, end) + " has no key separator ("
                        + TextFormat.show(keySeparator & 0xFF) + ")";
            }
            String error = readItem(key, b, start, split);
            if (error != null) {
                return "key of entry " + entry + ": " + error;
            }
            Object k = item;
            if (k == null) {
                return "the key of entry " + entry + " is NULL (a map key cannot be NULL)";
            }
            if (entries.containsKey(k)) {
                return "key " + ColumnConverter.show(b, start, split) + " of entry " + entry + " is in the map already";
            }
            error = readItem(val, b, split + 1, end);
            if (error != null) {
                return "value of entry " + entry + ": " + error;
            }
            entries.put(k, item);
            if (end == to) {
                break;
            }
            start = end + 1;
            if (start == to) {
                return "entry " + (entry + 1) + " is empty (it has no key separator)";
            }
        }
        value = Collections.unmodifiableMap(entries);
        return null;
    }

    @Override
    String normalize(Object v) {
        if (!(v instanceof Map<?, ?> map)) {
            return ColumnConverter.javaTypeError(v, type.toString());
        }
        Map<Object, Object> entries = new LinkedHashMap<>();
        int entry = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            entry++;
            if (e.getKey() == null) {
                return "the key of entry " + entry + " is NULL (a map key cannot be NULL)";
            }
            String error = normalizeItem(key, e.getKey());
            if (error != null) {
                return "key of entry " + entry + ": " + error;
            }
            Object k = item;
            if (entries.containsKey(k)) {
                return "key " + k + " of entry " + entry + " is in the map already";
            }
            error = normalizeItem(val, e.getValue());
            if (error != null) {
                return "value of entry " + entry + ": " + error;
            }
            entries.put(k, item);
        }
        value = Collections.unmodifiableMap(entries);
        return null;
    }

    @Override
    Object value() {
        return value;
    }
}
