package org.hadoopdb.loader.physical;

import java.util.Optional;

/**
 * The comment the loader puts on every schema it creates ({@code COMMENT ON SCHEMA}), saying which
 * load made it, for which table and generation. Garbage collection only ever drops schemas that
 * carry such a tag, so it never touches anything HadoopDB did not create; renaming a staging schema
 * to its final name keeps the tag.
 *
 * @param loadId     the load that created the schema
 * @param table      the logical table
 * @param generation the generation the load writes
 */
public record SchemaTag(String loadId, String table, long generation) {
    static final String PREFIX = "hadoopdb;";

    /** The comment text, e.g. {@code hadoopdb;load=lq3x9k2ab;generation=3;table=uservisits}. */
    public String comment() {
        return PREFIX + "load=" + loadId + ";generation=" + generation + ";table=" + table;
    }

    /** The tag in a schema comment, if it is one of ours. */
    public static Optional<SchemaTag> parse(String comment) {
        if (comment == null || !comment.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] parts = comment.substring(PREFIX.length()).split(";", 3);
        if (parts.length != 3 || !parts[0].startsWith("load=") || !parts[1].startsWith("generation=")
                || !parts[2].startsWith("table=")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new SchemaTag(parts[0].substring(5), parts[2].substring(6), Long.parseLong(parts[1].substring(11))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
