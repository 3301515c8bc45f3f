package org.hadoopdb.functions.udf;

import java.util.List;
import java.util.Locale;

/**
 * A user function as a session or the catalog defines it: what queries call it and where its class is.
 *
 * @param name      the name it is called by: a temporary function's bare name, a permanent one's catalog
 *                  name ({@code f} in {@code default}, {@code db.f} elsewhere)
 * @param className the UDF or GenericUDF class
 * @param jars      the jars to load it from, as written ({@code ADD JAR}'s and {@code USING JAR}'s paths:
 *                  a local path or any Hadoop file system URI)
 * @param temporary true for a session's {@code CREATE TEMPORARY FUNCTION}
 */
public record UserFunctionSpec(String name, String className, List<String> jars, boolean temporary) {

    public UserFunctionSpec {
        name = name.toLowerCase(Locale.ROOT);
        jars = List.copyOf(jars);
    }

    /** "f (class com.example.F)", how messages name it. */
    public String describe() {
        return (temporary ? "temporary function " : "function ") + name + " (class " + className + ")";
    }
}
