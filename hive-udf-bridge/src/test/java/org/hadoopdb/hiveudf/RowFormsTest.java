package org.hadoopdb.hiveudf;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.Text;
import org.hadoopdb.functions.udf.spi.Argument;
import org.junit.jupiter.api.Test;

/** Values both ways between HadoopDB's row forms and Hive's objects, and the types' spellings. */
class RowFormsTest {
    private static TypeInfo type(String s) {
        return TypeInfoUtils.getTypeInfoFromTypeString(s);
    }

    /** Into Hive as the standard Java object, and back through the standard Java inspector. */
    private static Object roundTrip(Object value, String spelling) throws Exception {
        TypeInfo t = type(spelling);
        Object hive = RowForms.toHive(value, t);
        return RowForms.toRowForm(hive, TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(t), t);
    }

    @Test
    void primitivesBecomeHivesJavaObjects() throws Exception {
        assertThat(RowForms.toHive(5, type("int"))).isEqualTo(5);
        assertThat(RowForms.toHive(5, type("bigint"))).isEqualTo(5L);
        assertThat(RowForms.toHive((byte) 3, type("tinyint"))).isEqualTo((byte) 3);
        assertThat(RowForms.toHive(new BigDecimal("1.25"), type("decimal(4,2)"))).isEqualTo(HiveDecimal.create("1.25"));
        assertThat(RowForms.toHive(LocalDate.of(2020, 2, 29), type("date"))).isEqualTo(Date.of(2020, 2, 29));
        assertThat(RowForms.toHive(LocalDateTime.of(2020, 1, 2, 3, 4, 5, 6000), type("timestamp")))
                .isEqualTo(Timestamp.valueOf("2020-01-02 03:04:05.000006"));
        assertThat(RowForms.toHive("ab", type("varchar(5)"))).isEqualTo(new HiveVarchar("ab", 5));
        assertThat(RowForms.toHive("ab", type("char(3)"))).isEqualTo(new HiveChar("ab", 3));
        assertThat(RowForms.toHive(null, type("string"))).isNull();
        assertThat(RowForms.toHive("x", type("void"))).isNull();
    }

    @Test
    void valuesComeBackInTheExactRowFormOfTheirType() throws Exception {
        assertThat(roundTrip((byte) -1, "tinyint")).isEqualTo((byte) -1);
        assertThat(roundTrip((short) 300, "smallint")).isEqualTo((short) 300);
        assertThat(roundTrip(2.5f, "float")).isEqualTo(2.5f);
        assertThat(roundTrip(true, "boolean")).isEqualTo(true);
        assertThat(roundTrip(new byte[]{1, 2}, "binary")).isEqualTo(new byte[]{1, 2});
        assertThat(roundTrip(LocalDate.of(1969, 12, 31), "date")).isEqualTo(LocalDate.of(1969, 12, 31));
        assertThat(roundTrip(LocalDateTime.of(1960, 5, 6, 7, 8, 9, 123456000), "timestamp"))
                .isEqualTo(LocalDateTime.of(1960, 5, 6, 7, 8, 9, 123456000));
        assertThat(roundTrip("ab", "char(4)")).isEqualTo("ab");
        assertThat(roundTrip("abcdef", "varchar(3)")).isEqualTo("abc");
        assertThat(roundTrip(new BigDecimal("1.5"), "decimal(5,2)")).isEqualTo(new BigDecimal("1.50"));
        // past its precision a decimal is NULL, as in Hive
        assertThat(roundTrip(new BigDecimal("12345.6"), "decimal(5,2)")).isNull();
        assertThat(roundTrip(List.of(List.of(1, 2), List.of()), "array<array<int>>")).isEqualTo(List.of(List.of(1, 2), List.of()));
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("z", 1L);
        m.put("a", null);
        m.put("m", 3L);
        Map<?, ?> back = (Map<?, ?>) roundTrip(m, "map<string,bigint>");
        assertThat(back).isEqualTo(m);
        assertThat(List.<Object>copyOf(back.keySet())).containsExactly("z", "a", "m");
        assertThat(roundTrip(java.util.Arrays.asList(1, null, "x"), "struct<a:int,b:double,c:string>"))
                .isEqualTo(java.util.Arrays.asList(1, null, "x"));
    }

    @Test
    void resultsAreReadThroughWhateverInspectorTheFunctionDeclared() throws Exception {
        assertThat(RowForms.toRowForm(new Text("w"), PrimitiveObjectInspectorFactory.writableStringObjectInspector, type("string")))
                .isEqualTo("w");
        assertThat(RowForms.toRowForm(new HiveDecimalWritable("2.345"),
                PrimitiveObjectInspectorFactory.writableHiveDecimalObjectInspector, type("decimal(6,3)"))).isEqualTo(new BigDecimal("2.345"));
    }

    @Test
    void argumentsArePresentedAsHivesPlannerPresentsThem() throws Exception {
        ObjectInspector column = HiveTypes.inspector(Argument.of("array<int>"));
        assertThat(HiveTypes.spelling(column)).isEqualTo("array<int>");
        ObjectInspector literal = HiveTypes.inspector(Argument.constant("string", "yyyy"));
        assertThat(literal).isInstanceOf(org.apache.hadoop.hive.serde2.objectinspector.ConstantObjectInspector.class);
        assertThat(((org.apache.hadoop.hive.serde2.objectinspector.ConstantObjectInspector) literal).getWritableConstantValue())
                .hasToString("yyyy");
        assertThat(HiveTypes.spelling(HiveTypes.inspector(Argument.constant("void", null)))).isEqualTo("void");
    }
}
