package org.hadoopdb.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.functions.FunctionDefinition.function;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hadoopdb.functions.impl.StringFunctions;
import org.junit.jupiter.api.Test;

/** The definitions the library is assembled from, and the checks that keep them complete. */
class FunctionDefinitionTest {
    private static final HiveFunctionLibrary LIBRARY = HiveFunctionLibrary.instance();

    @Test
    void anIncompleteDefinitionNamesWhatItLacks() {
        FunctionDefinition bare = function("f", "f(string s)", "nothing yet").params(1, ArgKind.STRING);
        assertThatThrownBy(bare::checkComplete).isInstanceOf(IllegalStateException.class)
                .hasMessage("The definition of function f needs a result type (returns)");
        assertThatThrownBy(() -> bare.returns(HiveReturnTypes.STRING).checkComplete())
                .hasMessage("The definition of function f needs a PostgreSQL form (pushedAs, postgres or notPushed)");
        assertThatThrownBy(() -> bare.returns(HiveReturnTypes.STRING).notPushed("no reason").checkComplete())
                .hasMessage("The definition of function f needs an evaluation (implementedBy, inline or unsupported)");
        assertThatThrownBy(() -> function("g", "g()", "").params(2, ArgKind.INT).returns(HiveReturnTypes.INT)
                .pushedAs("1").inline().checkComplete()).hasMessageContaining("no more required arguments than parameters");
    }

    @Test
    void eachStepReturnsANewDefinition() {
        FunctionDefinition base = function("f", "f(string s)", "d").params(1, ArgKind.STRING).returns(HiveReturnTypes.STRING)
                .pushedAs("F({0})");
        FunctionDefinition implemented = base.implementedBy(StringFunctions.class);
        assertThat(base.evaluation()).isNull();
        assertThat(implemented.evaluation()).isEqualTo(FunctionDefinition.Evaluation.METHODS);
        assertThat(implemented.implementation()).isEqualTo(StringFunctions.class);
        assertThat(base.aliases("g").aliases()).containsExactly("g");
        assertThat(base.aliases()).isEmpty();
    }

    @Test
    void anUnsupportedFunctionSaysWhy() {
        FunctionDefinition split = LIBRARY.function("split").orElseThrow().definition();
        assertThat(split.evaluation()).isEqualTo(FunctionDefinition.Evaluation.UNSUPPORTED);
        assertThat(split.description()).isEqualTo("Not supported: not implemented yet (it returns an ARRAY of the parts)");
    }

    @Test
    void everyFunctionImplementedByMethodsHasAPublicStaticMethodOfItsName() {
        List<String> missing = new ArrayList<>();
        for (String name : LIBRARY.names()) {
            LIBRARY.function(name).map(HiveFunction::definition)
                    .filter(d -> d.evaluation() == FunctionDefinition.Evaluation.METHODS)
                    .filter(d -> Arrays.stream(d.implementation().getMethods()).noneMatch(m -> isImplementation(m, d.name())))
                    .ifPresent(d -> missing.add(d.name() + " in " + d.implementation().getSimpleName()));
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void synonymsShareTheirFunctionsDefinition() {
        assertThat(LIBRARY.function("ucase").orElseThrow()).isSameAs(LIBRARY.function("upper").orElseThrow());
        assertThat(LIBRARY.function("dayofmonth").orElseThrow().definition().name()).isEqualTo("day");
        assertThat(LIBRARY.describe("ceiling").orElseThrow().signature()).isEqualTo("ceiling(number x)");
        assertThat(LIBRARY.describe("ceiling").orElseThrow().description()).endsWith("(synonym of ceil)");
    }

    private static boolean isImplementation(Method m, String name) {
        return m.getName().equals(name) && Modifier.isStatic(m.getModifiers());
    }
}
