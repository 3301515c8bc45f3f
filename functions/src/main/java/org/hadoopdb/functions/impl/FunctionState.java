package org.hadoopdb.functions.impl;

/**
 * Per-call-site state of a function implementation (a compiled pattern or formatter reused from
 * row to row). A function whose first parameter is a {@code FunctionState} gets its own instance,
 * created once per task by its public no-argument constructor.
 */
public interface FunctionState {
}
