package org.hadoopdb.planner.sqlgen;

/** PostgreSQL literals as the generated SQL writes them (standard_conforming_strings on). */
final class PgLiterals {
    private PgLiterals() {
    }

    /**
     * A string literal: printable ASCII between single quotes (a quote doubled; a backslash is
     * itself), anything else as a Unicode escape string {@code U&'…'} so that no byte of the
     * statement depends on the client encoding.
     */
    static String string(String s) {
        boolean plain = true;
        for (int i = 0; i < s.length() && plain; i++) {
            char c = s.charAt(i);
            plain = c >= 0x20 && c < 0x7f;
        }
        if (plain) {
            return "'" + s.replace("'", "''") + "'";
        }
        StringBuilder sb = new StringBuilder("U&'");
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '\'') {
                sb.append("''");
            } else if (cp == '\\') {
                sb.append("\\\\");
            } else if (cp >= 0x20 && cp < 0x7f) {
                sb.appendCodePoint(cp);
            } else if (cp <= 0xFFFF) {
                sb.append(String.format("\\%04X", cp));
            } else {
                sb.append(String.format("\\+%06X", cp));
            }
        }
        return sb.append('\'').toString();
    }
}
