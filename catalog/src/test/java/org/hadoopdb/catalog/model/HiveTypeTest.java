package org.hadoopdb.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HiveTypeTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "INT; int; integer", "integer; int; integer", "BigInt; bigint; bigint", "tinyint; tinyint; smallint",
        "float; float; real", "double; double; double precision", "double precision; double; double precision",
        "decimal; decimal(10,0); numeric(10,0)", "DECIMAL(12, 3); decimal(12,3); numeric(12,3)", "numeric(5); decimal(5,0); numeric(5,0)",
        "string; string; text", "varchar(100); varchar(100); varchar(100)", "char(3); char(3); char(3)",
        "boolean; boolean; boolean", "date; date; date", "timestamp; timestamp; timestamp", "binary; binary; bytea"})
    void parsesPrintsAndMapsToPostgres(String spelling, String printed, String postgres) {
        HiveType t = HiveType.parse(spelling);
        assertThat(t.toString()).isEqualTo(printed);
        assertThat(t.postgresType()).isEqualTo(postgres);
        assertThat(HiveType.parse(printed)).isEqualTo(t);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "ARRAY<INT>; array<int>",
        "array < array<string> >; array<array<string>>",
        "map<string, decimal(10, 2)>; map<string,decimal(10,2)>",
        "MAP<Int,array<Double Precision>>; map<int,array<double>>",
        "struct<Name:string, `age`:int , tags:array<varchar(5)>>; struct<name:string,age:int,tags:array<varchar(5)>>"})
    void parsesAndPrintsComplexTypes(String spelling, String printed) {
        HiveType t = HiveType.parse(spelling);
        assertThat(t.toString()).isEqualTo(printed);
        assertThat(t.postgresType()).isEqualTo("jsonb");
        assertThat(t.kind().isComplex()).isTrue();
        assertThat(HiveType.parse(printed)).isEqualTo(t).hasSameHashCodeAs(t);
    }

    @org.junit.jupiter.api.Test
    void complexTypesExposeTheirParts() {
        HiveType s = HiveType.parse("struct<a:int,m:map<string,array<bigint>>>");
        assertThat(s.fieldNames()).containsExactly("a", "m");
        assertThat(s.fieldIndex("M")).isEqualTo(1);
        HiveType m = s.fieldTypes().get(1);
        assertThat(m.keyType()).isEqualTo(HiveType.STRING);
        assertThat(m.valueType().elementType()).isEqualTo(HiveType.BIGINT);
        assertThat(s.containsMap()).isTrue();
        assertThat(HiveType.parse("array<int>").containsMap()).isFalse();
        assertThatThrownBy(() -> HiveType.INT.elementType()).hasMessageContaining("is not array");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "varchr(10); Unknown column type 'varchr(10)'",
        "varchar; needs exactly one length",
        "int(3); takes no parameters",
        "decimal(40,2); DECIMAL precision must be between 1 and 38, got 40",
        "decimal(5,6); DECIMAL scale must be between 0 and the precision (5), got 6",
        "char(300); CHAR length must be between 1 and 255, got 300",
        "map<string>; expected ','",
        "map<array<int>,int>; A map's key must be a primitive type",
        "array<int; expected '>'",
        "array; needs its parameters",
        "struct<a:int,A:string>; Struct field 'a' is named twice",
        "struct<>; a struct field name is missing",
        "array<intt>; Unknown column type 'intt'"})
    void rejectsWithAClearMessage(String spelling, String message) {
        assertThatThrownBy(() -> HiveType.parse(spelling)).hasMessageContaining(message);
    }
}
