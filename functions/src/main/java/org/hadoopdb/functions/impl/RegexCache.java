package org.hadoopdb.functions.impl;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The compiled form of a regular expression computed per row: consecutive rows usually carry the
 * same pattern, so the last one is kept. One per call site of a generated expression.
 */
public final class RegexCache implements FunctionState {
    private String last;
    private Pattern pattern;
    private boolean invalid;

    /** The pattern, or null when {@code regex} is not a valid Java regular expression. */
    public Pattern get(String regex) {
        if (!regex.equals(last)) {
            last = regex;
            try {
                pattern = Pattern.compile(regex);
                invalid = false;
            } catch (PatternSyntaxException e) {
                // Hive fails the query; a row-dependent pattern that is invalid gives NULL here instead
                pattern = null;
                invalid = true;
            }
        }
        return invalid ? null : pattern;
    }
}
