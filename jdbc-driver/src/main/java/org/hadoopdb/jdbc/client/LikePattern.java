package org.hadoopdb.jdbc.client;

import java.util.regex.Pattern;

/** JDBC metadata name patterns ({@code %}, {@code _}, escaped with {@code \}), matched case-insensitively as HiveQL names are. */
public final class LikePattern {
    private LikePattern() {
    }

    /** Whether {@code name} matches {@code pattern}; a null pattern matches everything. */
    public static boolean matches(String pattern, String name) {
        if (pattern == null) {
            return true;
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL)
                .matcher(name).matches();
    }
}
