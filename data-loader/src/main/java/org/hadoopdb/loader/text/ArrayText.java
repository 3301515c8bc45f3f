package org.hadoopdb.loader.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hadoopdb.catalog.model.HiveType;

/**
 * An ARRAY at one nesting level: items separated by that level's separator, each read at the next
 * level. Empty text is the empty array (as in Hive), so an array of one empty string cannot be written.
 */
final class ArrayText extends NestedText {
    private final HiveType type;
    private final byte separator;
    private final NestedText element;
    private List<Object> value;

    ArrayText(HiveType type, int level, NestingSeparators separators, TextFormat format) {
        super(format);
        this.type = type;
        this.separator = separators.at(level);
        this.element = NestedText.of(type.elementType(), level + 1, separators, format);
    }

    @Override
    String parse(byte[] b, int from, int to) {
        List<Object> items = new ArrayList<>();
        if (from < to) {
            for (int start = from; ; ) {
                int end = next(b, start, to, separator);
                String error = readItem(element, b, start, end);
                if (error != null) {
                    return "item " + (items.size() + 1) + ": " + error;
                }
                items.add(item);
                if (end == to) {
                    break;
                }
                start = end + 1;
            }
        }
        value = Collections.unmodifiableList(items);
        return null;
    }

    @Override
    String normalize(Object v) {
        if (!(v instanceof List<?> list)) {
            return ColumnConverter.javaTypeError(v, type.toString());
        }
        List<Object> items = new ArrayList<>(list.size());
        for (Object e : list) {
            String error = normalizeItem(element, e);
            if (error != null) {
                return "item " + (items.size() + 1) + ": " + error;
            }
            items.add(item);
        }
        value = Collections.unmodifiableList(items);
        return null;
    }

    @Override
    Object value() {
        return value;
    }
}
