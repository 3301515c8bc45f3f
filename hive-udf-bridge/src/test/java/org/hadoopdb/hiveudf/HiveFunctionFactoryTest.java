package org.hadoopdb.hiveudf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalAggregate;
import org.hadoopdb.functions.udf.spi.ExternalTableFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.FunctionClass;
import org.junit.jupiter.api.Test;

/**
 * Hive's own functions and users' ones, opened and evaluated on row forms as a task does. Here Hive is on
 * the test class path; the engine's UserFunctionIT runs the same through the isolated class loader.
 */
class HiveFunctionFactoryTest {
    private static final String GENERIC = "org.apache.hadoop.hive.ql.udf.generic.";
    private final HiveFunctionFactory factory = new HiveFunctionFactory();

    private Object call(ExternalFunction f, Object... args) throws ExternalFunctionException {
        return f.evaluate(args);
    }

    @Test
    void hivesGenericAbsKeepsTheTypeOfItsArgument() throws Exception {
        try (ExternalFunction abs = factory.open("abs", GENERIC + "GenericUDFAbs", List.of(Argument.of("int")))) {
            assertThat(abs.returnType()).isEqualTo("int");
            assertThat(call(abs, -5)).isEqualTo(5);
            assertThat(call(abs, (Object) null)).isNull();
        }
        try (ExternalFunction abs = factory.open("abs", GENERIC + "GenericUDFAbs", List.of(Argument.of("decimal(5,2)")))) {
            assertThat(abs.returnType()).isEqualTo("decimal(5,2)");
            assertThat(call(abs, new BigDecimal("-1.50"))).isEqualTo(new BigDecimal("1.50"));
        }
        try (ExternalFunction abs = factory.open("abs", GENERIC + "GenericUDFAbs", List.of(Argument.of("bigint")))) {
            assertThat(call(abs, -7L)).isEqualTo(7L);
        }
    }

    @Test
    void hivesCoalesceAndDateFormatTakeNullsAndConstants() throws Exception {
        try (ExternalFunction nvl = factory.open("nvl", GENERIC + "GenericUDFCoalesce",
                List.of(Argument.of("string"), Argument.constant("string", "none")))) {
            assertThat(nvl.returnType()).isEqualTo("string");
            assertThat(call(nvl, null, "none")).isEqualTo("none");
            assertThat(call(nvl, "x", "none")).isEqualTo("x");
        }
        // date_format needs its pattern as a constant, as Hive's planner passes literals
        try (ExternalFunction f = factory.open("date_format", GENERIC + "GenericUDFDateFormat",
                List.of(Argument.of("timestamp"), Argument.constant("string", "yyyy/MM")))) {
            assertThat(f.returnType()).isEqualTo("string");
            assertThat(call(f, LocalDateTime.of(2021, 3, 4, 5, 6), "yyyy/MM")).isEqualTo("2021/03");
        }
    }

    @Test
    void anOldStyleUdfRunsThroughHivesBridgeWhichPicksTheEvaluateOverload() throws Exception {
        String shout = TestFunctions.Shout.class.getName();
        assertThat(factory.describe(shout)).isEqualTo(new FunctionClass("UDF", true));
        try (ExternalFunction f = factory.open("shout", shout, List.of(Argument.of("string")))) {
            assertThat(f.returnType()).isEqualTo("string");
            assertThat(call(f, "hey")).isEqualTo("HEY!");
        }
        try (ExternalFunction f = factory.open("shout", shout, List.of(Argument.of("int"), Argument.constant("int", 7)))) {
            assertThat(f.returnType()).isEqualTo("int");
            assertThat(call(f, 4, 7)).isEqualTo(47);
        }
        // Hive's own old-style ascii
        try (ExternalFunction f = factory.open("ascii", "org.apache.hadoop.hive.ql.udf.UDFAscii", List.of(Argument.of("string")))) {
            assertThat(call(f, "A")).isEqualTo(65);
        }
        // no overload takes a bigint where an int is wanted: Hive's own message
        assertThatThrownBy(() -> factory.open("shout", shout, List.of(Argument.of("int"), Argument.of("bigint"))))
                .isInstanceOfSatisfying(ExternalFunctionException.class, e -> assertThat(e.kind()).isEqualTo(ExternalFunctionException.Kind.ARGUMENTS))
                .hasMessageContaining("No matching method for class " + shout + " with (int, bigint)");
    }

    @Test
    void aUsersGenericUdfRefusesArgumentsAndFailsWithItsOwnMessages() throws Exception {
        String fragile = TestFunctions.Fragile.class.getName();
        assertThat(factory.describe(fragile)).isEqualTo(new FunctionClass("GenericUDF", false));
        try (ExternalFunction f = factory.open("fragile", fragile, List.of(Argument.of("string")))) {
            assertThat(call(f, "four")).isEqualTo(4);
            assertThatThrownBy(() -> call(f, "boom")).isInstanceOfSatisfying(ExternalFunctionException.class, e -> {
                assertThat(e.kind()).isEqualTo(ExternalFunctionException.Kind.FAILED);
                assertThat(e.getCause()).isInstanceOf(IllegalStateException.class).hasMessage("cannot measure boom");
            });
        }
        assertThatThrownBy(() -> factory.open("fragile", fragile, List.of(Argument.of("int"))))
                .isInstanceOfSatisfying(ExternalFunctionException.class, e -> assertThat(e.kind()).isEqualTo(ExternalFunctionException.Kind.ARGUMENTS))
                .hasMessage("fragile takes one string");
    }

    @Test
    void complexResultsComeBackAsRowForms() throws Exception {
        try (ExternalFunction f = factory.open("pair", TestFunctions.Pair.class.getName(), List.of(Argument.of("bigint")))) {
            assertThat(f.returnType()).isEqualTo("struct<v:bigint,twice:array<bigint>>");
            assertThat(call(f, 3L)).isEqualTo(List.of(3L, List.of(3L, 3L)));
        }
    }

    @Test
    void classesAreNamedForWhatTheyAre() throws Exception {
        assertThatThrownBy(() -> factory.describe("com.example.Missing"))
                .isInstanceOfSatisfying(ExternalFunctionException.class, e -> assertThat(e.kind()).isEqualTo(ExternalFunctionException.Kind.CLASS_NOT_FOUND));
        assertThatThrownBy(() -> factory.describe(TestFunctions.NotAFunction.class.getName()))
                .isInstanceOfSatisfying(ExternalFunctionException.class, e -> assertThat(e.kind()).isEqualTo(ExternalFunctionException.Kind.NOT_A_FUNCTION))
                .hasMessageStartingWith("is none of Hive's function classes");
        assertThat(factory.describe(GENERIC + "GenericUDTFExplode").tableFunction()).isTrue();
        assertThat(factory.describe(GENERIC + "GenericUDAFSum").kind()).isEqualTo("GenericUDAF");
        assertThat(factory.describe("org.apache.hadoop.hive.ql.udf.UDAFPercentile").kind()).isEqualTo("UDAF");
        assertThatThrownBy(() -> factory.open("s", GENERIC + "GenericUDAFSum", List.of(Argument.of("int"))))
                .hasMessageContaining("is an aggregate (GenericUDAF), not a scalar function");
    }

    @Test
    void aggregatesRunOneGroupAtATimeInCompleteMode() throws Exception {
        try (ExternalAggregate sum = factory.openAggregate("s", GENERIC + "GenericUDAFSum", List.of(Argument.of("int")))) {
            assertThat(sum.returnType()).isEqualTo("bigint");
            sum.iterate(new Object[] {3});
            sum.iterate(new Object[] {null});
            sum.iterate(new Object[] {4});
            assertThat(sum.result()).isEqualTo(7L);
            sum.reset();
            assertThat(sum.result()).isNull();
        }
        try (ExternalAggregate p = factory.openAggregate("p", "org.apache.hadoop.hive.ql.udf.UDAFPercentile",
                List.of(Argument.of("bigint"), Argument.constant("double", 0.5)))) {
            for (long v : new long[] {1, 2, 3, 10}) {
                p.iterate(new Object[] {v, 0.5});
            }
            assertThat(p.result()).isEqualTo(2.5);
        }
    }

    @Test
    void tableFunctionsForwardRowsOfTheColumnsTheyDeclare() throws Exception {
        try (ExternalTableFunction stack = factory.openTableFunction("st", GENERIC + "GenericUDTFStack",
                List.of(Argument.constant("int", 2), Argument.of("string"), Argument.of("int"), Argument.of("string"), Argument.of("int")))) {
            assertThat(stack.columnNames()).containsExactly("col0", "col1");
            assertThat(stack.columnTypes()).containsExactly("string", "int");
            List<List<Object>> rows = new java.util.ArrayList<>();
            stack.process(new Object[] {2, "a", 1, "b", null}, r -> rows.add(java.util.Arrays.asList(r)));
            assertThat(rows).containsExactly(java.util.Arrays.asList("a", 1), java.util.Arrays.asList("b", null));
            stack.finish(r -> rows.add(List.of(r)));
            assertThat(rows).hasSize(2);
        }
        assertThatThrownBy(() -> factory.openTableFunction("ex", GENERIC + "GenericUDTFExplode", List.of(Argument.of("int"))))
                .isInstanceOfSatisfying(ExternalFunctionException.class, e -> assertThat(e.kind()).isEqualTo(ExternalFunctionException.Kind.ARGUMENTS));
    }
}
