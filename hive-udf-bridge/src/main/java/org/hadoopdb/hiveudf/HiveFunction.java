package org.hadoopdb.hiveudf;

import java.io.IOException;
import java.lang.reflect.InaccessibleObjectException;
import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.hadoopdb.functions.udf.spi.ExternalFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException.Kind;

/**
 * One initialized GenericUDF (a user's, or Hive's bridge over a UDF) evaluating rows: the arguments
 * are handed over as deferred objects that are already computed (HadoopDB evaluates every argument
 * before the call), the result read through the object inspector {@code initialize} returned.
 */
final class HiveFunction implements ExternalFunction {
    private final GenericUDF udf;
    private final HiveArguments values;
    private final Value[] arguments;
    private final ObjectInspector result;
    private final TypeInfo resultType;

    HiveFunction(GenericUDF udf, ObjectInspector[] inspectors, ObjectInspector result) {
        this.udf = udf;
        this.result = result;
        this.resultType = TypeInfoUtils.getTypeInfoFromObjectInspector(result);
        this.values = new HiveArguments(inspectors);
        this.arguments = new Value[inspectors.length];
        for (int i = 0; i < inspectors.length; i++) {
            arguments[i] = new Value();
        }
    }

    /** {@code udf.initialize}: the result's inspector, or the function's own reason for refusing the arguments. */
    static ObjectInspector initialize(GenericUDF udf, ObjectInspector[] arguments) throws ExternalFunctionException {
        try {
            ObjectInspector out = udf.initialize(arguments);
            if (out == null) {
                throw new ExternalFunctionException(Kind.ARGUMENTS, "its initialize returned no result type", null);
            }
            return out;
        } catch (UDFArgumentException e) {
            throw new ExternalFunctionException(Kind.ARGUMENTS, e.getMessage(), e);
        } catch (RuntimeException | LinkageError e) {
            throw unavailable(e);
        }
    }

    /** A failure while Hive sets itself up, with what to do about the one HadoopDB knows. */
    private static ExternalFunctionException unavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InaccessibleObjectException) {
                return new ExternalFunctionException(Kind.UNAVAILABLE, "Hive's classes need the JVM option "
                        + "--add-opens java.base/java.net=ALL-UNNAMED (bin/hadoopdb and HadoopDB's jobs set it): " + t.getMessage(), e);
            }
        }
        return new ExternalFunctionException(Kind.UNAVAILABLE, "initializing it failed: " + e, e);
    }

    @Override
    public String returnType() {
        return resultType.getTypeName();
    }

    @Override
    public Object evaluate(Object[] rowForms) throws ExternalFunctionException {
        return ContextLoader.call(() -> {
            Object[] hive = values.of(rowForms);
            for (int i = 0; i < arguments.length; i++) {
                arguments[i].value = hive[i];
            }
            Object out = HiveCall.failingAsFunction(() -> udf.evaluate(arguments));
            return RowForms.toRowForm(out, result, resultType);
        });
    }

    @Override
    public void close() {
        try {
            udf.close();
        } catch (IOException | RuntimeException e) {
            // closing releases the function's resources; a failure there changes no result
            org.slf4j.LoggerFactory.getLogger(HiveFunction.class).warn("Closing user function {} failed: {}", udf.getUdfName(), e.toString());
        }
    }

    /** An argument already computed: Hive's DeferredObject without the deferral. */
    private static final class Value implements GenericUDF.DeferredObject {
        Object value;

        @Override
        public void prepare(int version) {
        }

        @Override
        public Object get() {
            return value;
        }
    }
}
