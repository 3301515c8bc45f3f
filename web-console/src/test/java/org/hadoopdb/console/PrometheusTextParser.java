package org.hadoopdb.console;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict parser of Prometheus' text exposition format (0.0.4), for the tests: every line must be a
 * HELP, a TYPE or a sample of a family whose TYPE came first, with a valid name, labels and value;
 * histogram buckets must not decrease. Anything else fails the parse.
 */
final class PrometheusTextParser {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)( -?\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"(,|$)");
    private static final Set<String> TYPES = Set.of("counter", "gauge", "histogram", "summary", "untyped");

    private PrometheusTextParser() {
    }

    /** The samples, keyed {@code name} or {@code name{label="value",...}} as written. */
    static Map<String, Double> parse(String text) {
        Map<String, String> types = new HashMap<>();
        Map<String, Double> samples = new LinkedHashMap<>();
        Map<String, Double> lastBucket = new HashMap<>();
        int lineNo = 0;
        for (String line : text.split("\n", -1)) {
            lineNo++;
            if (line.isEmpty()) {
                if (lineNo == text.split("\n", -1).length) {
                    continue; // the final newline
                }
                throw new IllegalArgumentException("Line " + lineNo + " is empty");
            }
            if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) {
                String[] parts = line.split(" ", 4);
                if (parts.length < 4 || !NAME.matcher(parts[2]).matches()) {
                    throw new IllegalArgumentException("Line " + lineNo + " is a malformed comment: " + line);
                }
                if (parts[1].equals("TYPE")) {
                    if (!TYPES.contains(parts[3]) || types.put(parts[2], parts[3]) != null) {
                        throw new IllegalArgumentException("Line " + lineNo + " has a bad or repeated TYPE: " + line);
                    }
                }
                continue;
            }
            if (line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException("Line " + lineNo + " is not a sample: " + line);
            }
            String name = m.group(1);
            String family = family(name, types);
            if (family == null) {
                throw new IllegalArgumentException("Line " + lineNo + ": " + name + " has no TYPE before it");
            }
            if (m.group(3) != null) {
                Matcher l = LABEL.matcher(m.group(3));
                int at = 0;
                while (at < m.group(3).length()) {
                    if (!l.find(at) || l.start() != at) {
                        throw new IllegalArgumentException("Line " + lineNo + " has malformed labels: " + line);
                    }
                    at = l.end();
                }
            }
            double value = value(m.group(4), lineNo);
            String key = m.group(2) == null ? name : name + m.group(2);
            if (samples.put(key, value) != null) {
                throw new IllegalArgumentException("Line " + lineNo + " repeats the sample " + key);
            }
            if (name.endsWith("_bucket") && "histogram".equals(types.get(family))) {
                Double before = lastBucket.put(family, value);
                if (before != null && value < before) {
                    throw new IllegalArgumentException("Line " + lineNo + ": histogram bucket decreases: " + line);
                }
            }
        }
        return samples;
    }

    private static String family(String name, Map<String, String> types) {
        if (types.containsKey(name)) {
            return name;
        }
        for (String suffix : new String[] {"_bucket", "_sum", "_count"}) {
            if (name.endsWith(suffix)) {
                String base = name.substring(0, name.length() - suffix.length());
                if (types.containsKey(base)) {
                    return base;
                }
            }
        }
        return null;
    }

    private static double value(String text, int lineNo) {
        switch (text) {
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("Line " + lineNo + " has a bad value: " + text, e);
                }
        }
    }
}
