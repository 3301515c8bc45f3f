package org.hadoopdb.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComplexJsonTest {

    @Test
    void writesEachKindInItsStoredForm() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("b", List.of(1, 2));
        m.put("a", Arrays.asList((Integer) null));
        assertThat(ComplexJson.write(HiveType.parse("map<string,array<int>>"), m)).isEqualTo("[[\"b\",[1,2]],[\"a\",[null]]]");
        assertThat(ComplexJson.write(HiveType.parse("struct<s:string,d:decimal(5,2),dt:date,ts:timestamp,f:double,b:boolean>"),
                Arrays.asList("q\"\n\u0001", new BigDecimal("1.50"), LocalDate.of(2020, 1, 2), LocalDateTime.of(2020, 1, 2, 3, 4, 5, 600_000_000),
                        Double.NaN, true)))
                .isEqualTo("[\"q\\\"\\n\\u0001\",1.50,\"2020-01-02\",\"2020-01-02 03:04:05.6\",\"NaN\",true]");
    }

    @Test
    void readsWhatItWritesAndWhatJsonbPrints() {
        HiveType t = HiveType.parse("map<int,struct<x:array<double>,y:string>>");
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(7, Arrays.asList(List.of(1.5, Double.NEGATIVE_INFINITY), "é\t"));
        m.put(-1, null);
        String stored = ComplexJson.write(t, m);
        assertThat(ComplexJson.read(t, stored)).isEqualTo(m);
        // PostgreSQL's jsonb output puts blanks after commas and colons
        assertThat(ComplexJson.read(t, "[[7, [[1.5, \"-Infinity\"], \"\\u00e9\\t\"]], [-1, null]]")).isEqualTo(m);
        assertThat(ComplexJson.read(HiveType.parse("array<tinyint>"), " [ ] ")).isEqualTo(List.of());
    }

    @Test
    void keepsIntegerClassesAndDecimalScale() {
        List<?> v = (List<?>) ComplexJson.read(HiveType.parse("struct<a:tinyint,b:smallint,c:bigint,d:decimal(4,2),e:float>"),
                "[1,2,3,4.50,0.1]");
        assertThat(v.get(0)).isEqualTo((byte) 1);
        assertThat(v.get(1)).isEqualTo((short) 2);
        assertThat(v.get(2)).isEqualTo(3L);
        assertThat(v.get(3)).isEqualTo(new BigDecimal("4.50"));
        assertThat(v.get(4)).isEqualTo(0.1f);
    }

    @Test
    void namesTheTypeAndPositionOfMalformedText() {
        assertThatThrownBy(() -> ComplexJson.read(HiveType.parse("array<int>"), "[1,\"x\"]"))
                .hasMessageContaining("Malformed array<int> value at character 4");
        assertThatThrownBy(() -> ComplexJson.read(HiveType.parse("array<tinyint>"), "[300]"))
                .hasMessageContaining("300 is out of the range of tinyint");
        assertThatThrownBy(() -> ComplexJson.read(HiveType.parse("struct<a:int,b:int>"), "[1]"))
                .hasMessageContaining("fewer fields");
        assertThatThrownBy(() -> ComplexJson.write(HiveType.parse("array<int>"), List.of("x")))
                .hasMessageContaining("A value of type int cannot be String");
    }

    @Test
    void displaysAsHiveDoes() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1, List.of("a", "b\"c"));
        m.put(2, null);
        assertThat(ComplexDisplay.format(HiveType.parse("map<int,array<string>>"), m)).isEqualTo("{1:[\"a\",\"b\\\"c\"],2:null}");
        assertThat(ComplexDisplay.format(HiveType.parse("struct<name:string,d:date,x:decimal(3,1)>"),
                Arrays.asList("x", LocalDate.of(2021, 5, 6), new BigDecimal("1.0"))))
                .isEqualTo("{\"name\":\"x\",\"d\":\"2021-05-06\",\"x\":1.0}");
    }
}
