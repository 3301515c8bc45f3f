package org.hadoopdb.hiveudf;

import java.util.List;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalAggregate;
import org.hadoopdb.functions.udf.spi.ExternalTableFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionFactory;
import org.hadoopdb.functions.udf.spi.FunctionClass;

/**
 * Opens Hive UDF, GenericUDF, UDAF, GenericUDAFResolver and GenericUDTF classes of this class loader (registered as the
 * {@link ExternalFunctionFactory} service): a GenericUDF is used as it is, an old-style UDF through
 * Hive's own {@code GenericUDFBridge}, which resolves its {@code evaluate} overload and converts the
 * arguments as Hive does. Calls into Hive run with this loader as the thread's context class loader,
 * where Hive looks classes up.
 */
public final class HiveFunctionFactory implements ExternalFunctionFactory {

    @Override
    public FunctionClass describe(String className) throws ExternalFunctionException {
        return ContextLoader.call(() -> FunctionClasses.describe(FunctionClasses.load(className)));
    }

    @Override
    public ExternalFunction open(String functionName, String className, List<Argument> arguments) throws ExternalFunctionException {
        return ContextLoader.call(() -> {
            GenericUDF udf = FunctionClasses.instantiate(functionName, FunctionClasses.load(className));
            ObjectInspector[] inspectors = new ObjectInspector[arguments.size()];
            for (int i = 0; i < inspectors.length; i++) {
                inspectors[i] = HiveTypes.inspector(arguments.get(i));
            }
            ObjectInspector result = HiveFunction.initialize(udf, inspectors);
            return new HiveFunction(udf, inspectors, result);
        });
    }

    @Override
    public ExternalAggregate openAggregate(String functionName, String className, List<Argument> arguments)
            throws ExternalFunctionException {
        return ContextLoader.call(() -> HiveAggregate.open(functionName, FunctionClasses.load(className), arguments));
    }

    @Override
    public ExternalTableFunction openTableFunction(String functionName, String className, List<Argument> arguments)
            throws ExternalFunctionException {
        return ContextLoader.call(() -> HiveGenerator.open(functionName, FunctionClasses.load(className), arguments));
    }
}
