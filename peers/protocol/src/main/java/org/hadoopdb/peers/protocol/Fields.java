package org.hadoopdb.peers.protocol;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of tab-separated fields, each escaped so that any text fits on one line: a backslash is {@code \\},
 * a tab {@code \t}, a newline {@code \n}, a carriage return {@code \r}; a null field is {@code \N}. Commands,
 * replies and result rows are all written this way.
 */
public final class Fields {
    /** The text of a null field. */
    public static final String NULL = "\\N";

    private Fields() {
    }

    /** The fields as one line, without its line break. */
    public static String join(List<String> fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append('\t');
            }
            appendEscaped(line, fields.get(i));
        }
        return line.toString();
    }

    /** Appends one field, escaped ({@code \N} for null). */
    public static void appendEscaped(StringBuilder out, String value) {
        if (value == null) {
            out.append(NULL);
            return;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
    }

    /** The fields of one line, unescaped; {@code \N} alone is null. */
    public static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean escaped = false;
        boolean isNull = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (escaped) {
                escaped = false;
                switch (c) {
                    case 't' -> field.append('\t');
                    case 'n' -> field.append('\n');
                    case 'r' -> field.append('\r');
                    case 'N' -> isNull = true;
                    default -> field.append(c);
                }
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '\t') {
                fields.add(isNull && field.isEmpty() ? null : field.toString());
                field.setLength(0);
                isNull = false;
            } else {
                field.append(c);
            }
        }
        if (escaped) {
            throw new PeerException("A line ends inside an escape: " + line);
        }
        fields.add(isNull && field.isEmpty() ? null : field.toString());
        return fields;
    }
}
