package org.hadoopdb.hiveql.parse;

/**
 * Rewrites a Hive LIKE pattern into the SQL-standard form with {@code ESCAPE '\'}, so both mean the same.
 *
 * <p>Hive's LIKE treats a backslash as an escape only before {@code %} or {@code _}; anywhere else it
 * is an ordinary character. SQL with {@code ESCAPE '\'} rejects a backslash before any other
 * character, and reads {@code \\} as one backslash. So: {@code \%} and {@code \_} stay; every other
 * backslash is doubled. Example: Hive {@code 'a\b%'} becomes {@code 'a\\b%'}.
 */
final class LikePatterns {
    static final String ESCAPE = "\\";

    private LikePatterns() {
    }

    static String toSqlStandard(String hivePattern) {
        StringBuilder out = new StringBuilder(hivePattern.length() + 4);
        for (int i = 0; i < hivePattern.length(); i++) {
            char c = hivePattern.charAt(i);
            if (c == '\\' && i + 1 < hivePattern.length()
                    && (hivePattern.charAt(i + 1) == '%' || hivePattern.charAt(i + 1) == '_')) {
                out.append(c).append(hivePattern.charAt(++i));
            } else if (c == '\\') {
                out.append("\\\\");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
