package org.hadoopdb.functions.impl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** concat_ws over strings and arrays of strings, as StringFunctions implements it for generated code. */
class ConcatWsTest {
    private static List<Object> array(Object... elements) {
        return Collections.unmodifiableList(new ArrayList<>(Arrays.asList(elements)));
    }

    @Test
    void joinsStringsSkippingNulls() {
        assertThat(StringFunctions.concat_ws(",", "a", null, "b")).isEqualTo("a,b");
        assertThat(StringFunctions.concat_ws("", "a", "b")).isEqualTo("ab");
        assertThat(StringFunctions.concat_ws(",", (Object) null)).isEqualTo("");
        assertThat(StringFunctions.concat_ws(null, "a")).isNull();
    }

    @Test
    void joinsTheElementsOfArraysSkippingNulls() {
        assertThat(StringFunctions.concat_ws("-", array("a", null, "b"))).isEqualTo("a-b");
        assertThat(StringFunctions.concat_ws("-", "x", array("a", "b"), null, array(), "y")).isEqualTo("x-a-b-y");
        assertThat(StringFunctions.concat_ws("-", array())).isEqualTo("");
        assertThat(StringFunctions.concat_ws(null, array("a"))).isNull();
    }
}
