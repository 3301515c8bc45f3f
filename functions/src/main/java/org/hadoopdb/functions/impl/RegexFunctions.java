package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.INT;
import static org.hadoopdb.functions.ArgKind.STRING;
import static org.hadoopdb.functions.FunctionDefinition.function;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;

/**
 * Hive's regular expression functions (Java's {@code java.util.regex} flavour): their definitions,
 * and their implementations for generated code. {@code RLIKE} is an operator, not part of this family.
 */
public final class RegexFunctions {
    private RegexFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                function("regexp_replace", "regexp_replace(string str, string regex, string replacement)",
                        "str with every match of the Java regular expression replaced ($1 refers to a group)")
                        .params(3, STRING, STRING, STRING).returns(HiveReturnTypes.STRING)
                        .notPushed(leftmostLongest("regexp_replace")).implementedBy(RegexFunctions.class),
                function("regexp_extract", "regexp_extract(string str, string regex[, int group])",
                        "Group number group (default 1) of the first match of the Java regular expression, '' if none")
                        .params(2, STRING, STRING, INT).returns(HiveReturnTypes.STRING)
                        .notPushed(leftmostLongest("regexp_extract")).implementedBy(RegexFunctions.class));
    }

    private static String leftmostLongest(String name) {
        return name + ": Java's leftmost-first regular expressions pick different matches than PostgreSQL's leftmost-longest ones";
    }

    /** Java regular expression replacement ({@code $1} refers to a group); an invalid pattern gives NULL. */
    public static String regexp_replace(RegexCache cache, String s, String regex, String replacement) {
        Pattern p = cache.get(regex);
        if (p == null) {
            return null;
        }
        try {
            return p.matcher(s).replaceAll(replacement);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return null; // a replacement referring to a group the pattern lacks: Hive fails, here NULL
        }
    }

    public static String regexp_extract(RegexCache cache, String s, String regex) {
        return regexp_extract(cache, s, regex, 1);
    }

    /** Group {@code group} of the first match; '' when nothing matches, NULL when the group does not exist. */
    public static String regexp_extract(RegexCache cache, String s, String regex, int group) {
        Pattern p = cache.get(regex);
        if (p == null) {
            return null;
        }
        Matcher m = p.matcher(s);
        if (!m.find()) {
            return "";
        }
        if (group < 0 || group > m.groupCount()) {
            return null;
        }
        return m.group(group);
    }
}
