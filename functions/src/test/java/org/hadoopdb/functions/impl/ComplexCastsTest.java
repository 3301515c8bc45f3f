package org.hadoopdb.functions.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.HiveType;
import org.junit.jupiter.api.Test;

class ComplexCastsTest {

    @Test
    void convertsElementByElementWithHivesCasts() {
        assertThat(ComplexCasts.convert(Arrays.asList(1, null, 3), HiveType.parse("array<int>"), HiveType.parse("array<bigint>")))
                .isEqualTo(Arrays.asList(1L, null, 3L));
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("a", "12");
        m.put("b", "x");
        Map<Object, Object> expected = new LinkedHashMap<>();
        expected.put("a", new BigDecimal("12.0"));
        expected.put("b", null);
        assertThat(ComplexCasts.convert(m, HiveType.parse("map<string,string>"), HiveType.parse("map<varchar(1),decimal(4,1)>")))
                .isEqualTo(expected);
        assertThat(ComplexCasts.convert(List.of(List.of(7, "abcdef")), HiveType.parse("array<struct<a:int,b:string>>"),
                HiveType.parse("array<struct<a:double,b:varchar(3)>>"))).isEqualTo(List.of(List.of(7.0, "abc")));
    }

    @Test
    void sameTypesPassAndShapesMustMatch() {
        List<Integer> v = List.of(1);
        assertThat(ComplexCasts.convert(v, HiveType.parse("array<int>"), HiveType.parse("array<int>"))).isSameAs(v);
        assertThatThrownBy(() -> ComplexCasts.convert(v, HiveType.parse("array<int>"), HiveType.parse("map<int,int>")))
                .hasMessageContaining("Cannot convert array<int> to map<int,int>");
    }
}
