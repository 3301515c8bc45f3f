package org.hadoopdb.jdbc.client.spark;

/**
 * The column list Spark writes into a {@code CREATE TABLE}, made HiveQL: Spark ends the definition of
 * each non-nullable column with {@code NOT NULL}, which HiveQL has no syntax for (and HadoopDB no such
 * constraint). Names are backquoted by the dialect, so the words are removed only outside backquotes.
 */
final class CreateTableColumns {
    private static final String NOT_NULL = "NOT NULL";

    private CreateTableColumns() {
    }

    /** {@code columns} without the {@code NOT NULL} that ends a column's definition. */
    static String withoutNotNull(String columns) {
        StringBuilder out = new StringBuilder(columns.length());
        boolean quoted = false;
        int i = 0;
        while (i < columns.length()) {
            char c = columns.charAt(i);
            if (c == '`') {
                quoted = !quoted; // a doubled backquote inside a name flips twice
            } else if (!quoted && endsDefinitionWithNotNull(columns, i)) {
                trimTrailingBlanks(out);
                i += NOT_NULL.length();
                continue;
            }
            out.append(c);
            i++;
        }
        return out.toString().strip();
    }

    /** {@code NOT NULL} at {@code i}, after a blank and before a blank, a comma or the end. */
    private static boolean endsDefinitionWithNotNull(String s, int i) {
        if (!s.regionMatches(true, i, NOT_NULL, 0, NOT_NULL.length()) || i == 0 || !Character.isWhitespace(s.charAt(i - 1))) {
            return false;
        }
        int j = i + NOT_NULL.length();
        while (j < s.length() && Character.isWhitespace(s.charAt(j))) {
            j++;
        }
        return j == s.length() || s.charAt(j) == ',';
    }

    private static void trimTrailingBlanks(StringBuilder out) {
        while (!out.isEmpty() && Character.isWhitespace(out.charAt(out.length() - 1))) {
            out.setLength(out.length() - 1);
        }
    }
}
