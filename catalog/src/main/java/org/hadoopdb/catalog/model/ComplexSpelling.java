package org.hadoopdb.catalog.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hadoopdb.catalog.CatalogException;

/**
 * Reads a complex type's spelling, {@code array<…>}, {@code map<…,…>}, {@code struct<name:…,…>}, by
 * recursive descent; primitive types inside go to {@link HiveType#parsePrimitive}. Blanks are allowed
 * around every part; struct field names may be back-quoted.
 */
final class ComplexSpelling {
    private final String text;
    private int pos;

    ComplexSpelling(String text) {
        this.text = text;
    }

    HiveType parseWhole() {
        HiveType t = type();
        skipBlanks();
        if (pos != text.length()) {
            throw error("unexpected '" + text.substring(pos) + "'");
        }
        return t;
    }

    private HiveType type() {
        skipBlanks();
        int start = pos;
        while (pos < text.length() && (Character.isLetter(text.charAt(pos)) || text.charAt(pos) == ' ')) {
            if (text.charAt(pos) == ' ' && !text.regionMatches(true, nextNonBlank(pos), "precision", 0, 9)) {
                break; // only "double precision" has a blank in its name
            }
            pos++;
        }
        String name = text.substring(start, pos).trim().toLowerCase(Locale.ROOT);
        skipBlanks();
        switch (name) {
            case "array" -> {
                expect('<');
                HiveType element = type();
                expect('>');
                return HiveType.array(element);
            }
            case "map" -> {
                expect('<');
                HiveType key = type();
                expect(',');
                HiveType value = type();
                expect('>');
                return HiveType.map(key, value);
            }
            case "struct" -> {
                expect('<');
                List<String> names = new ArrayList<>();
                List<HiveType> types = new ArrayList<>();
                do {
                    names.add(fieldName());
                    expect(':');
                    types.add(type());
                    skipBlanks();
                } while (accept(','));
                expect('>');
                return HiveType.struct(names, types);
            }
            default -> {
                if (name.isEmpty()) {
                    throw error("a type is missing at position " + (pos + 1));
                }
                int paramsStart = pos;
                if (pos < text.length() && text.charAt(pos) == '(') {
                    int close = text.indexOf(')', pos);
                    if (close < 0) {
                        throw error("')' is missing");
                    }
                    pos = close + 1;
                }
                return HiveType.parsePrimitive(name + text.substring(paramsStart, pos));
            }
        }
    }

    private String fieldName() {
        skipBlanks();
        if (accept('`')) {
            int end = text.indexOf('`', pos);
            if (end < 0) {
                throw error("a back-quoted field name is not closed");
            }
            String name = text.substring(pos, end);
            pos = end + 1;
            return name;
        }
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        if (start == pos) {
            throw error("a struct field name is missing at position " + (pos + 1));
        }
        return text.substring(start, pos);
    }

    private int nextNonBlank(int from) {
        int i = from;
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private void skipBlanks() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean accept(char c) {
        skipBlanks();
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!accept(c)) {
            throw error("expected '" + c + "' at position " + (pos + 1));
        }
    }

    private CatalogException error(String what) {
        return new CatalogException("Malformed type '" + text.trim() + "': " + what);
    }
}
