package org.hadoopdb.planner.plan;

import java.util.List;

/**
 * A user aggregate (a Hive UDAF class) or table function (a GenericUDTF) as a task opens it: the function,
 * and the argument types and result type the planner typed it with.
 *
 * @param name          the name queries call it by
 * @param className     its class
 * @param jars          its jars (ADD JAR / USING JAR)
 * @param temporary     a session's temporary function
 * @param argumentTypes the arguments' HiveQL types
 * @param constants     which arguments are literals (passed to the function as constants)
 * @param resultType    its result type as HiveQL spells it (a table function's: the struct of its columns)
 */
public record UserCall(String name, String className, List<String> jars, boolean temporary, List<String> argumentTypes,
                            List<Boolean> constants, String resultType) {
    public UserCall {
        jars = List.copyOf(jars);
        argumentTypes = List.copyOf(argumentTypes);
        constants = List.copyOf(constants);
    }
}
