package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.STRING;
import static org.hadoopdb.functions.FunctionDefinition.function;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;

/**
 * Hive's JSON function: {@code get_json_object(json, path)}, Hive's limited JSONPath ({@code $} the
 * root, {@code .key} a member, {@code [n]} an element, {@code [*]} every element). Evaluated in
 * MapReduce only: PostgreSQL's {@code json} operators differ from Hive on invalid text, on arrays met
 * by a key and on how a scalar is printed.
 */
public final class JsonFunctions {
    private JsonFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                function("get_json_object", "get_json_object(string json, string path)",
                        "The part of json that path selects ($.key, [n], [*]): a string as it is, other values as JSON; "
                                + "NULL when json is invalid or path selects nothing")
                        .params(2, STRING, STRING).returns(HiveReturnTypes.STRING)
                        .notPushed("get_json_object: PostgreSQL's json operators differ from Hive on invalid text, on "
                                + "arrays met by a key and on how numbers are printed")
                        .implementedBy(JsonFunctions.class));
    }

    /** The parsed path of one call site: consecutive rows almost always share it. */
    public static final class JsonState implements FunctionState {
        private static final ObjectMapper JSON = JsonMapper.builder(new JsonFactory())
                // as Hive reads JSON: control characters inside strings, and any character after a backslash
                .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
                .enable(JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER)
                .build();
        private String lastPath;
        private JsonPath path;

        JsonPath path(String text) {
            if (!text.equals(lastPath)) {
                lastPath = text;
                path = JsonPath.parse(text);
            }
            return path;
        }
    }

    /** {@code get_json_object(json, path)}. */
    public static String get_json_object(JsonState state, String json, String pathText) {
        if (json.isEmpty()) {
            return null;
        }
        JsonPath path = state.path(pathText);
        if (path == null) {
            return null;
        }
        Object value;
        try {
            Class<?> root = path.rootIsArray() ? List.class : path.rootUnknown() ? Object.class : Map.class;
            value = JsonState.JSON.readValue(json, root);
        } catch (JsonProcessingException e) {
            return null; // not valid JSON (or not of the kind the path starts from): NULL, as in Hive
        }
        if (path.rootUnknown() && !(value instanceof Map || value instanceof List)) {
            return null;
        }
        for (JsonPath.Step step : path.steps()) {
            if (value == null) {
                return null;
            }
            value = step.apply(value);
        }
        if (value == null) {
            return null;
        }
        if (value instanceof Map || value instanceof List) {
            try {
                return JsonState.JSON.writeValueAsString(value);
            } catch (JsonProcessingException e) {
                return null;
            }
        }
        return value.toString();
    }

    /**
     * A parsed path: {@code $}, then segments separated by dots, each a member name (letters, digits,
     * {@code _ - :} and spaces) followed by any number of {@code [n]} or {@code [*]}; a path that starts
     * with {@code $[} reads a root array.
     */
    record JsonPath(boolean rootIsArray, boolean rootUnknown, List<Step> steps) {
        private static final java.util.regex.Pattern KEY = java.util.regex.Pattern.compile("^([a-zA-Z0-9_\\-:\\s]+).*");
        private static final java.util.regex.Pattern INDEX = java.util.regex.Pattern.compile("\\[([0-9]+|\\*)\\]");

        /** The path, or null when it is not one (the function then returns NULL). */
        static JsonPath parse(String text) {
            if (text.isEmpty() || text.charAt(0) != '$') {
                return null;
            }
            if (text.length() == 1) {
                return new JsonPath(false, true, List.of());
            }
            boolean rootArray;
            String rest;
            if (text.charAt(1) == '[') {
                rootArray = true;
                rest = text.substring(1);
            } else if (text.charAt(1) == '.') {
                rootArray = text.length() > 2 && text.charAt(2) == '[';
                rest = text.substring(2);
            } else {
                return null;
            }
            List<Step> steps = new ArrayList<>();
            String[] segments = rest.split("\\.", -1);
            for (int i = 0; i < segments.length; i++) {
                String segment = segments[i];
                boolean first = i == 0;
                if (!(first && rootArray)) {
                    java.util.regex.Matcher key = KEY.matcher(segment);
                    if (!key.matches()) {
                        steps.add(Step.NOTHING);
                        break;
                    }
                    steps.add(new Member(key.group(1)));
                }
                List<String> indexes = new ArrayList<>();
                java.util.regex.Matcher index = INDEX.matcher(segment);
                while (index.find()) {
                    indexes.add(index.group(1));
                }
                if (!indexes.isEmpty()) {
                    steps.add(new Elements(indexes));
                }
            }
            return new JsonPath(rootArray, false, List.copyOf(steps));
        }

        /** One step from a value to what it selects (null: nothing). */
        interface Step {
            Step NOTHING = value -> null;

            Object apply(Object value);
        }

        /** {@code .key}: a member of an object; of an array, the members of its objects, arrays among them flattened. */
        record Member(String name) implements Step {
            @Override
            public Object apply(Object value) {
                if (value instanceof Map<?, ?> object) {
                    return object.get(name);
                }
                if (!(value instanceof List<?> array)) {
                    return null;
                }
                List<Object> found = new ArrayList<>();
                for (Object element : array) {
                    Object member = element instanceof Map<?, ?> object ? object.get(name) : null;
                    if (member instanceof List<?> list) {
                        found.addAll(list);
                    } else if (member != null) {
                        found.add(member);
                    }
                }
                return found.isEmpty() ? null : found;
            }
        }

        /**
         * {@code [n]} and {@code [*]} in turn: each applies to every array selected so far; nothing
         * selected is null, one value is that value, several are an array.
         */
        record Elements(List<String> indexes) implements Step {
            @Override
            public Object apply(Object value) {
                List<Object> selected = List.of(value);
                for (String index : indexes) {
                    List<Object> next = new ArrayList<>();
                    for (Object candidate : selected) {
                        if (!(candidate instanceof List<?> array)) {
                            continue;
                        }
                        if (index.equals("*")) {
                            next.addAll(array);
                        } else {
                            int at = parseIndex(index);
                            if (at < array.size()) {
                                next.add(array.get(at));
                            }
                        }
                    }
                    if (next.isEmpty()) {
                        return null;
                    }
                    selected = next;
                }
                return selected.size() == 1 ? selected.get(0) : new ArrayList<>(selected);
            }

            private static int parseIndex(String digits) {
                try {
                    return Integer.parseInt(digits);
                } catch (NumberFormatException e) {
                    return Integer.MAX_VALUE; // past any array
                }
            }
        }
    }
}
