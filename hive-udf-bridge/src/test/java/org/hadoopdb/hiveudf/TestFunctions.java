package org.hadoopdb.hiveudf;

import java.util.List;
import org.apache.hadoop.hive.ql.exec.UDF;
import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.udf.UDFType;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;

/** Small user functions written the way Hive's users write them, for the bridge's tests. */
public final class TestFunctions {
    private TestFunctions() {
    }

    /** An old-style UDF with two {@code evaluate} overloads, on Writables. */
    public static final class Shout extends UDF {
        public Text evaluate(Text s) {
            return s == null ? null : new Text(s.toString().toUpperCase() + "!");
        }

        public IntWritable evaluate(IntWritable a, IntWritable b) {
            return a == null || b == null ? null : new IntWritable(a.get() * 10 + b.get());
        }
    }

    /** A GenericUDF: the length of a string, which fails on the text "boom" and refuses anything but one string. */
    @UDFType(deterministic = false)
    public static final class Fragile extends GenericUDF {
        private PrimitiveObjectInspector input;

        @Override
        public ObjectInspector initialize(ObjectInspector[] arguments) throws UDFArgumentException {
            if (arguments.length != 1 || !(arguments[0] instanceof PrimitiveObjectInspector p)
                    || p.getPrimitiveCategory() != PrimitiveObjectInspector.PrimitiveCategory.STRING) {
                throw new UDFArgumentException("fragile takes one string");
            }
            input = p;
            return PrimitiveObjectInspectorFactory.writableIntObjectInspector;
        }

        @Override
        public Object evaluate(DeferredObject[] arguments) throws HiveException {
            Object v = arguments[0].get();
            if (v == null) {
                return null;
            }
            String s = input.getPrimitiveJavaObject(v).toString();
            if (s.equals("boom")) {
                throw new IllegalStateException("cannot measure " + s);
            }
            return new IntWritable(s.length());
        }

        @Override
        public String getDisplayString(String[] children) {
            return "fragile(" + children[0] + ")";
        }
    }

    /** A GenericUDF returning a struct of its argument and a list of it twice. */
    public static final class Pair extends GenericUDF {
        @Override
        public ObjectInspector initialize(ObjectInspector[] arguments) {
            return ObjectInspectorFactory.getStandardStructObjectInspector(List.of("v", "twice"),
                    List.of(PrimitiveObjectInspectorFactory.javaLongObjectInspector, ObjectInspectorFactory
                            .getStandardListObjectInspector(PrimitiveObjectInspectorFactory.javaLongObjectInspector)));
        }

        @Override
        public Object evaluate(DeferredObject[] arguments) throws HiveException {
            Object v = arguments[0].get();
            long x = v == null ? 0 : ((Number) v).longValue();
            return List.of(x, List.of(x, x));
        }

        @Override
        public String getDisplayString(String[] children) {
            return "pair";
        }
    }

    /** Not a function at all. */
    public static final class NotAFunction {
    }
}
