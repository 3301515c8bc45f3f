package org.hadoopdb.hiveudf;

import org.apache.hadoop.hive.ql.exec.UDAF;
import org.apache.hadoop.hive.ql.exec.UDF;
import org.apache.hadoop.hive.ql.udf.UDFType;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDAFResolver;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFBridge;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDTF;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException.Kind;
import org.hadoopdb.functions.udf.spi.FunctionClass;

/** Finds a user function's class and tells what it is: a GenericUDF, an old-style UDF, or something HadoopDB does not run. */
final class FunctionClasses {
    private FunctionClasses() {
    }

    /** The class, from this loader (Hive's jars and the user's). */
    static Class<?> load(String className) throws ExternalFunctionException {
        try {
            return Class.forName(className, true, FunctionClasses.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExternalFunctionException(Kind.CLASS_NOT_FOUND, "class " + className + " not found", e);
        } catch (LinkageError e) {
            // the class is there but something it needs is not (a dependency missing from its jars)
            throw new ExternalFunctionException(Kind.NOT_A_FUNCTION, "cannot be loaded: " + e, e);
        }
    }

    static FunctionClass describe(Class<?> c) throws ExternalFunctionException {
        UDFType type = c.getAnnotation(UDFType.class);
        boolean deterministic = type == null || type.deterministic() && !type.stateful();
        if (GenericUDF.class.isAssignableFrom(c)) {
            return new FunctionClass("GenericUDF", deterministic);
        }
        if (UDF.class.isAssignableFrom(c)) {
            return new FunctionClass("UDF", deterministic);
        }
        if (GenericUDTF.class.isAssignableFrom(c)) {
            return new FunctionClass("GenericUDTF", deterministic);
        }
        if (GenericUDAFResolver.class.isAssignableFrom(c)) {
            return new FunctionClass("GenericUDAF", deterministic);
        }
        if (UDAF.class.isAssignableFrom(c)) {
            return new FunctionClass("UDAF", deterministic);
        }
        throw new ExternalFunctionException(Kind.NOT_A_FUNCTION, "is none of Hive's function classes: a UDF ("
                + UDF.class.getName() + "), GenericUDF, UDAF, GenericUDAFResolver or GenericUDTF", null);
    }

    /** A new GenericUDF for the class: the class itself, or Hive's bridge over an old-style UDF. */
    static GenericUDF instantiate(String functionName, Class<?> c) throws ExternalFunctionException {
        FunctionClass kind = describe(c);
        if (kind.kind().equals("UDF")) {
            return new GenericUDFBridge(functionName, false, c.getName());
        }
        if (!kind.kind().equals("GenericUDF")) {
            throw new ExternalFunctionException(Kind.NOT_A_FUNCTION, kind.aggregate() ? "is an aggregate (" + kind.kind()
                    + "), not a scalar function" : "is a table function (" + kind.kind() + "), not a scalar function: call it in "
                    + "LATERAL VIEW, or alone in a select list with AS (column, …)", null);
        }
        return (GenericUDF) newInstance(c);
    }

    /** A new instance of the class, through its public constructor without arguments. */
    static Object newInstance(Class<?> c) throws ExternalFunctionException {
        try {
            return c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException t ? t.getCause() : e;
            throw new ExternalFunctionException(Kind.NOT_A_FUNCTION, "cannot be instantiated (it needs a public constructor "
                    + "without arguments): " + cause, cause);
        }
    }
}
