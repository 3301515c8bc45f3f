package org.hadoopdb.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlKind;
import org.junit.jupiter.api.Test;

/**
 * The functions over arrays, maps and structs as the validator sees them: their result types, the
 * conversions inserted into their arguments, and the errors of arguments that do not fit. (Calcite's
 * parser reads these, so {@code array}, {@code map} and {@code index} are quoted; HiveQL's needs no quotes.)
 */
class CollectionFunctionsValidationTest {
    private final Validation v = new Validation();

    private void fails(String expression, String message) {
        assertThatThrownBy(() -> v.type(expression)).isInstanceOf(CalciteContextException.class).hasMessageContaining(message);
    }

    @Test
    void indexGivesTheElementOrTheValueType() {
        assertThat(v.hiveType("\"index\"(a, 0)")).isEqualTo("int");
        assertThat(v.hiveType("\"index\"(ast, i)")).isEqualTo("struct<x:int,y:string>");
        assertThat(v.hiveType("\"index\"(mb, 1)")).isEqualTo("string");
        assertThat(v.hiveType("\"index\"(ma, s)")).isEqualTo("int");
        assertThat(v.type("\"index\"(a, 0)").isNullable()).isTrue();
    }

    @Test
    void aMapKeyIsConvertedToTheKeyType() {
        // an int literal must find a bigint key: it is passed as a Long, not an Integer
        assertThat(v.argumentType("\"index\"(mb, 1)", 1)).isEqualTo("bigint");
        assertThat(v.call("\"index\"(mb, 1)").operand(1).getKind()).isEqualTo(SqlKind.CAST);
        assertThat(v.argumentType("\"index\"(mb, ti)", 1)).isEqualTo("bigint");
        assertThat(v.argumentType("\"index\"(md, '2024-02-29')", 1)).isEqualTo("date");
        // text is text whatever its declared length: no conversion
        assertThat(v.call("\"index\"(ma, 'k')").operand(1).getKind()).isEqualTo(SqlKind.LITERAL);
        assertThat(v.call("\"index\"(mb, bi)").operand(1).getKind()).isEqualTo(SqlKind.IDENTIFIER);
    }

    @Test
    void anArrayIndexIsAnInt() {
        assertThat(v.argumentType("\"index\"(a, ti)", 1)).isEqualTo("tinyint");
        fails("\"index\"(a, bi)", "Argument 2 of index must be an int position in array<int>, not bigint: index(array|map a, int|key i)");
        fails("\"index\"(a, '1')", "Argument 2 of index must be an int position in array<int>, not char(1)");
        fails("\"index\"(mb, bo)", "Argument 2 of index must be a key of map<bigint,string> (bigint), not boolean");
        fails("\"index\"(mb, 1.5e0)", "Argument 2 of index must be a key of map<bigint,string> (bigint), not double");
        fails("\"index\"(st, 0)", "Argument 1 of index must be array|map, not struct<x:int,y:string>");
    }

    @Test
    void sizeTakesArraysAndMaps() {
        assertThat(v.hiveType("size(a)")).isEqualTo("int");
        assertThat(v.hiveType("size(ma)")).isEqualTo("int");
        // a bare NULL is a NULL array (size gives -1)
        assertThat(v.argumentType("size(NULL)", 0)).isEqualTo("array<string>");
        fails("size(i)", "Argument 1 of size must be array|map, not int: size(array|map a)");
        fails("size(s)", "Argument 1 of size must be array|map, not string: size(array|map a)");
    }

    @Test
    void arrayContainsComparesInTheElementType() {
        assertThat(v.hiveType("array_contains(a, 1)")).isEqualTo("boolean");
        assertThat(v.argumentType("array_contains(ba, 1)", 1)).isEqualTo("bigint");
        assertThat(v.argumentType("array_contains(da, i)", 1)).isEqualTo("double");
        assertThat(v.argumentType("array_contains(sa, i)", 1)).isEqualTo("string");
        assertThat(v.hiveType("array_contains(ast, st)")).isEqualTo("boolean");
        fails("array_contains(a, bo)", "Argument 2 of array_contains must be a value of the array's element type int, not boolean");
        fails("array_contains(am, ma)", "Argument 1 of array_contains must be an array of values that can be compared (no maps)");
        fails("array_contains(ma, 1)", "Argument 1 of array_contains must be array, not map<string,int>");
    }

    @Test
    void sortArrayKeepsTheTypeAndRefusesMaps() {
        assertThat(v.hiveType("sort_array(sa)")).isEqualTo("array<string>");
        assertThat(v.hiveType("sort_array(ast, false)")).isEqualTo("array<struct<x:int,y:string>>");
        assertThat(v.hiveType("sort_array(aa)")).isEqualTo("array<array<int>>");
        fails("sort_array(am)", "Argument 1 of sort_array must be an array of values that can be ordered (no maps), "
                + "not array<map<string,int>>: sort_array(array a[, boolean ascending])");
        fails("sort_array(a, i)", "Argument 2 of sort_array must be boolean, not int");
        fails("sort_array(ma)", "Argument 1 of sort_array must be array, not map<string,int>");
    }

    @Test
    void arrayMaxAndMinGiveTheElementType() {
        assertThat(v.hiveType("array_max(da)")).isEqualTo("double");
        assertThat(v.hiveType("array_min(sa)")).isEqualTo("string");
        assertThat(v.hiveType("array_distinct(ba)")).isEqualTo("array<bigint>");
        fails("array_max(ast)", "Argument 1 of array_max must be an array of primitive values, not array<struct<x:int,y:string>>");
    }

    @Test
    void mapKeysAndValuesAreArrays() {
        assertThat(v.hiveType("map_keys(mb)")).isEqualTo("array<bigint>");
        assertThat(v.hiveType("map_values(mb)")).isEqualTo("array<string>");
        RelDataType keys = v.type("map_keys(ma)");
        assertThat(keys.isNullable()).isTrue();
        assertThat(keys.getComponentType().isNullable()).isTrue();
        fails("map_keys(a)", "Argument 1 of map_keys must be map, not array<int>");
    }

    @Test
    void arrayHoldsTheCommonTypeOfItsValues() {
        assertThat(v.hiveType("\"array\"(1, 2)")).isEqualTo("array<int>");
        assertThat(v.hiveType("\"array\"(i, bi, NULL)")).isEqualTo("array<bigint>");
        assertThat(v.hiveType("\"array\"(i, d)")).isEqualTo("array<double>");
        assertThat(v.hiveType("\"array\"(m, i)")).isEqualTo("array<decimal(12,2)>");
        assertThat(v.hiveType("\"array\"(1, 'a')")).isEqualTo("array<string>");
        assertThat(v.hiveType("\"array\"('a', 'bb')")).isEqualTo("array<string>");
        assertThat(v.hiveType("\"array\"()")).isEqualTo("array<string>");
        assertThat(v.hiveType("\"array\"(NULL)")).isEqualTo("array<string>");
        assertThat(v.hiveType("\"array\"(a, a)")).isEqualTo("array<array<int>>");
        assertThat(v.hiveType("\"array\"(st)")).isEqualTo("array<struct<x:int,y:string>>");
        // each value is converted to the element type, so that it is built of Longs, not Integers
        assertThat(v.argumentType("\"array\"(i, bi)", 0)).isEqualTo("bigint");
        assertThat(v.argumentType("\"array\"(1, 'a')", 0)).isEqualTo("string");
        fails("\"array\"(1, bo)", "Argument 2 of array must be a value of a type in common with the values before it (int), not boolean");
        fails("\"array\"(a, ba)", "Argument 2 of array must be a value of a type in common with the values before it (array<int>), "
                + "not array<bigint>");
    }

    @Test
    void mapHoldsTheCommonTypesOfItsKeysAndValues() {
        assertThat(v.hiveType("\"map\"('a', 1, 'b', bi)")).isEqualTo("map<string,bigint>");
        assertThat(v.hiveType("\"map\"(1, s, bi, NULL)")).isEqualTo("map<bigint,string>");
        assertThat(v.hiveType("\"map\"()")).isEqualTo("map<string,string>");
        assertThat(v.hiveType("\"map\"(s, a)")).isEqualTo("map<string,array<int>>");
        assertThat(v.argumentType("\"map\"(1, s, bi, NULL)", 0)).isEqualTo("bigint");
        fails("\"map\"(1, 2, 3)", "map: takes keys and values in pairs, not 3 arguments");
        fails("\"map\"(a, 1)", "Argument 1 of map must be a primitive key, not array<int>");
        fails("\"map\"(1, 'x', bo, 'y')", "Argument 3 of map must be a key of a type in common with the keys before it (int), not boolean");
        fails("\"map\"(1, a, 2, ma)", "Argument 4 of map must be a value of a type in common with the values before it (array<int>)");
    }

    @Test
    void namedStructTakesItsFieldNamesFromStringLiterals() {
        assertThat(v.hiveType("named_struct('a', 1, 'B', s)")).isEqualTo("struct<a:int,b:string>");
        assertThat(v.hiveType("named_struct('n', NULL, 'tags', sa)")).isEqualTo("struct<n:string,tags:array<string>>");
        assertThat(v.hiveType("named_struct('x', 'lit')")).isEqualTo("struct<x:string>");
        fails("named_struct(s, 1)", "Argument 1 of named_struct must be a string literal, the name of a field, not an expression of string");
        fails("named_struct(1, 1)", "Argument 1 of named_struct must be a string literal, the name of a field, not a literal of int");
        fails("named_struct('a b', 1)", "Argument 1 of named_struct must be a field name of letters, digits and _, not 'a b'");
        fails("named_struct('a', 1, 'A', 2)", "Argument 3 of named_struct names field 'a' a second time");
        fails("named_struct('a', 1, 'b')", "named_struct: takes names and values in pairs, not 3 arguments");
    }

    @Test
    void structNamesItsFieldsAsHiveDoes() {
        assertThat(v.hiveType("struct(1, s, NULL)")).isEqualTo("struct<col1:int,col2:string,col3:string>");
        assertThat(v.hiveType("struct(ma)")).isEqualTo("struct<col1:map<string,int>>");
    }

    @Test
    void strToMapMakesAMapOfStrings() {
        assertThat(v.hiveType("str_to_map(s)")).isEqualTo("map<string,string>");
        assertThat(v.hiveType("str_to_map(s, ';', '=')")).isEqualTo("map<string,string>");
        assertThat(v.argumentType("str_to_map(i)", 0)).isEqualTo("string");
        fails("str_to_map(a)", "Argument 1 of str_to_map must be string, not array<int>");
    }

    @Test
    void concatWsJoinsArraysOfStrings() {
        assertThat(v.hiveType("concat_ws(',', sa, s, 'x')")).isEqualTo("string");
        assertThat(v.argumentType("concat_ws(',', sa, i)", 2)).isEqualTo("string");
        fails("concat_ws(',', a)", "Argument 2 of concat_ws must be string|array<string>, not array<int>");
    }

    @Test
    void describeFunctionShowsTheSignatures() {
        HiveFunctionLibrary lib = HiveFunctionLibrary.instance();
        assertThat(lib.describe("size").orElseThrow().signature()).isEqualTo("size(array|map a)");
        assertThat(lib.describe("SORT_ARRAY").orElseThrow().signature()).isEqualTo("sort_array(array a[, boolean ascending])");
        assertThat(lib.describe("str_to_map").orElseThrow().description()).startsWith("A map<string,string> of text split");
        assertThat(lib.names()).contains("index", "array_contains", "map_keys", "map_values", "array", "map", "struct",
                "named_struct", "array_distinct", "array_max", "array_min");
    }

    @Test
    void argumentErrorsSpellTypesAsHiveQl() {
        fails("substr(bo, 1)", "Argument 1 of substr must be string, not boolean");
        fails("upper(a)", "Argument 1 of upper must be string, not array<int>");
    }
}
