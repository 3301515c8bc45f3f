package org.hadoopdb.runtime.mr;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.codehaus.janino.SimpleCompiler;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ops.Pipeline;

/**
 * Compiles the Java the planner generated for a plan's expressions, once per source text per JVM
 * (map tasks of the local runner share one JVM), and instantiates it for each task.
 */
public final class JaninoLoader implements Pipeline.ExpressionLoader {
    private static final Map<String, Class<?>> CACHE = new ConcurrentHashMap<>();

    @Override
    public <T> T load(String className, String javaSource, Class<T> type) {
        Class<?> c = CACHE.computeIfAbsent(javaSource, src -> compile(className, src));
        try {
            return type.cast(c.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new PlannerException("Cannot instantiate generated class " + className + ": " + e.getMessage(), e);
        }
    }

    private static Class<?> compile(String className, String source) {
        try {
            SimpleCompiler compiler = new SimpleCompiler();
            compiler.setParentClassLoader(JaninoLoader.class.getClassLoader());
            compiler.cook(source);
            return compiler.getClassLoader().loadClass(className);
        } catch (Exception e) {
            // Janino nests its exceptions; the innermost one says what is wrong (e.g. "Code grows beyond 64 KB")
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            throw new PlannerException("Cannot compile generated class " + className + ": " + e.getMessage()
                    + (root != e ? " (" + root + ")" : ""), e);
        }
    }
}
