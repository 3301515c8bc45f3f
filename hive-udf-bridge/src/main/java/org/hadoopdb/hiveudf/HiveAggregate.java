package org.hadoopdb.hiveudf;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hive.ql.exec.UDAF;
import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDAFBridge;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDAFEvaluator;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDAFEvaluator.AggregationBuffer;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDAFResolver;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDAFResolver2;
import org.apache.hadoop.hive.ql.udf.generic.SimpleGenericUDAFParameterInfo;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalAggregate;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException.Kind;

/**
 * One user aggregate: the evaluator its resolver chose for the argument types (Hive's bridge over an
 * old-style UDAF), initialized in Hive's COMPLETE mode, since HadoopDB hands every value of a group to
 * one reducer: {@code iterate} per row, {@code terminate} per group, a buffer {@code reset} between groups.
 * Partial aggregation (Hive's PARTIAL1/FINAL modes) is not used.
 */
final class HiveAggregate implements ExternalAggregate {
    private final GenericUDAFEvaluator evaluator;
    private final ObjectInspector result;
    private final TypeInfo resultType;
    private final HiveArguments arguments;
    private AggregationBuffer buffer;

    private HiveAggregate(GenericUDAFEvaluator evaluator, ObjectInspector[] inspectors, ObjectInspector result) {
        this.evaluator = evaluator;
        this.result = result;
        this.resultType = TypeInfoUtils.getTypeInfoFromObjectInspector(result);
        this.arguments = new HiveArguments(inspectors);
    }

    /** Resolves the evaluator for the arguments and initializes it; the function's own refusals are {@link Kind#ARGUMENTS}. */
    static HiveAggregate open(String functionName, Class<?> c, List<Argument> arguments) throws ExternalFunctionException {
        GenericUDAFResolver resolver = resolver(c);
        ObjectInspector[] inspectors = new ObjectInspector[arguments.size()];
        TypeInfo[] types = new TypeInfo[inspectors.length];
        for (int i = 0; i < inspectors.length; i++) {
            inspectors[i] = HiveTypes.inspector(arguments.get(i));
            types[i] = TypeInfoUtils.getTypeInfoFromObjectInspector(inspectors[i]);
        }
        try {
            GenericUDAFEvaluator evaluator = resolver instanceof GenericUDAFResolver2 r2
                    ? r2.getEvaluator(new SimpleGenericUDAFParameterInfo(inspectors, false, false, false))
                    : resolver.getEvaluator(types);
            ObjectInspector out = evaluator.init(GenericUDAFEvaluator.Mode.COMPLETE, inspectors);
            if (out == null) {
                throw new ExternalFunctionException(Kind.ARGUMENTS, "its evaluator's init returned no result type", null);
            }
            HiveAggregate aggregate = new HiveAggregate(evaluator, inspectors, out);
            aggregate.reset();
            return aggregate;
        } catch (UDFArgumentException e) {
            throw new ExternalFunctionException(Kind.ARGUMENTS, e.getMessage(), e);
        } catch (SemanticException e) {
            throw new ExternalFunctionException(Kind.ARGUMENTS, e.getMessage(), e);
        } catch (HiveException | RuntimeException | LinkageError e) {
            throw new ExternalFunctionException(Kind.UNAVAILABLE, "initializing aggregate " + functionName + " failed: " + e, e);
        }
    }

    private static GenericUDAFResolver resolver(Class<?> c) throws ExternalFunctionException {
        Object instance = FunctionClasses.newInstance(c);
        if (instance instanceof UDAF udaf) {
            return new GenericUDAFBridge(udaf);
        }
        if (instance instanceof GenericUDAFResolver r) {
            return r;
        }
        throw new ExternalFunctionException(Kind.NOT_A_FUNCTION, "is no aggregate (neither a UDAF nor a GenericUDAFResolver)", null);
    }

    @Override
    public String returnType() {
        return resultType.getTypeName();
    }

    @Override
    public void reset() throws ExternalFunctionException {
        ContextLoader.call(() -> HiveCall.failingAsFunction(() -> {
            if (buffer == null) {
                buffer = evaluator.getNewAggregationBuffer();
            } else {
                evaluator.reset(buffer);
            }
            return null;
        }));
    }

    @Override
    public void iterate(Object[] values) throws ExternalFunctionException {
        ContextLoader.call(() -> {
            Object[] hiveArguments = arguments.of(values);
            return HiveCall.failingAsFunction(() -> {
                evaluator.iterate(buffer, hiveArguments);
                return null;
            });
        });
    }

    @Override
    public Object result() throws ExternalFunctionException {
        return ContextLoader.call(() -> {
            Object out = HiveCall.failingAsFunction(() -> evaluator.terminate(buffer));
            return RowForms.toRowForm(out, result, resultType);
        });
    }

    @Override
    public void close() {
        try {
            evaluator.close();
        } catch (IOException | RuntimeException e) {
            // closing releases the evaluator's resources; a failure there changes no result
            org.slf4j.LoggerFactory.getLogger(HiveAggregate.class).warn("Closing a user aggregate failed: {}", e.toString());
        }
    }
}
