package org.hadoopdb.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.runtime.expr.ExpressionHarness.eval;
import static org.hadoopdb.runtime.expr.ExpressionHarness.row;
import static org.hadoopdb.runtime.expr.ExpressionHarness.type;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.functions.HiveFunctionLibrary;
import org.junit.jupiter.api.Test;

/** Every library function compiled to Java, with Hive's semantics, NULLs and edge cases. */
class HiveFunctionsTest {

    @Test
    void substr() {
        assertThat(eval("substr(s, 2, 3)", row("s", "abcdef"))).isEqualTo("bcd");
        assertThat(eval("substr(s, 2)", row("s", "abcdef"))).isEqualTo("bcdef");
        assertThat(eval("substr(s, 0, 2)", row("s", "abcdef"))).isEqualTo("ab");
        assertThat(eval("substr(s, -2)", row("s", "abcdef"))).isEqualTo("ef");
        assertThat(eval("substr(s, -3, 2)", row("s", "abcdef"))).isEqualTo("de");
        assertThat(eval("substr(s, -7)", row("s", "abcdef"))).isEqualTo("");
        assertThat(eval("substr(s, 7)", row("s", "abcdef"))).isEqualTo("");
        assertThat(eval("substr(s, 2, -1)", row("s", "abcdef"))).isEqualTo("");
        assertThat(eval("substr(s, 2, 100)", row("s", "abcdef"))).isEqualTo("bcdef");
        assertThat(eval("substring(s, 2, 1)", row("s", "a\uD83D\uDE00b"))).isEqualTo("\uD83D\uDE00");
        assertThat(eval("substr(s, 2, 3)", row())).isNull();
        assertThat(eval("substr(s, n)", row("s", "abc"))).isNull();
        assertThat(eval("substr(i, 2)", row("i", 12345))).isEqualTo("2345"); // implicit int -> string
    }

    @Test
    void stringFunctions() {
        assertThat(eval("concat(s, '-', i)", row("s", "a", "i", 1))).isEqualTo("a-1");
        assertThat(eval("concat(s, n)", row("s", "a"))).isNull();
        assertThat(eval("concat_ws(',', s, n, s2)", row("s", "a", "s2", "b"))).isEqualTo("a,b");
        assertThat(eval("concat_ws(n, s)", row("s", "a"))).isNull();
        assertThat(eval("upper(s)", row("s", "straße"))).isEqualTo("STRASSE");
        assertThat(eval("ucase(s)", row("s", "ab"))).isEqualTo("AB");
        assertThat(eval("lower(s)", row("s", "ÀB"))).isEqualTo("àb");
        assertThat(eval("lcase(s)", row("s", "AB"))).isEqualTo("ab");
        assertThat(eval("trim(s)", row("s", " \ta \t "))).isEqualTo("\ta \t");
        assertThat(eval("ltrim(s)", row("s", "  a "))).isEqualTo("a ");
        assertThat(eval("rtrim(s)", row("s", "  a "))).isEqualTo("  a");
        assertThat(eval("length(s)", row("s", "a\uD83D\uDE00"))).isEqualTo(2);
        assertThat(eval("length(s)", row("s", ""))).isEqualTo(0);
        assertThat(eval("reverse(s)", row("s", "ab\uD83D\uDE00"))).isEqualTo("\uD83D\uDE00ba");
        assertThat(eval("repeat(s, 3)", row("s", "ab"))).isEqualTo("ababab");
        assertThat(eval("repeat(s, -1)", row("s", "ab"))).isEqualTo("");
        assertThat(eval("lpad(s, 5, 'xy')", row("s", "ab"))).isEqualTo("xyxab");
        assertThat(eval("rpad(s, 5, 'xy')", row("s", "ab"))).isEqualTo("abxyx");
        assertThat(eval("lpad(s, 1, 'xy')", row("s", "ab"))).isEqualTo("a");
        assertThat(eval("lpad(s, -1, 'xy')", row("s", "ab"))).isNull();
        assertThat(eval("rpad(s, 4, '')", row("s", "ab"))).isNull();
        assertThat(eval("instr(s, 'c')", row("s", "abcabc"))).isEqualTo(3);
        assertThat(eval("instr(s, 'z')", row("s", "abcabc"))).isEqualTo(0);
        assertThat(eval("instr(s, '')", row("s", "abc"))).isEqualTo(1);
        assertThat(eval("locate('c', s)", row("s", "abcabc"))).isEqualTo(3);
        assertThat(eval("locate('c', s, 4)", row("s", "abcabc"))).isEqualTo(6);
        assertThat(eval("locate('c', s, 0)", row("s", "abcabc"))).isEqualTo(0);
        assertThat(eval("space(3)")).isEqualTo("   ");
        assertThat(eval("space(-3)")).isEqualTo("");
        assertThat(eval("ascii(s)", row("s", "A"))).isEqualTo(65);
        assertThat(eval("ascii(s)", row("s", ""))).isEqualTo(0);
        assertThat(eval("ascii(s)", row("s", "é"))).isEqualTo(-61);
        assertThat(eval("initcap(s)", row("s", "hello wORLD-x"))).isEqualTo("Hello World-x");
        assertThat(eval("translate(s, 'abc', 'x')", row("s", "aabbcc"))).isEqualTo("xx");
        assertThat(eval("translate(s, 'aa', 'xy')", row("s", "aa"))).isEqualTo("xx");
        assertThat(eval("replace(s, 'ab', 'X')", row("s", "abcab"))).isEqualTo("XcX");
        assertThat(eval("replace(s, '', 'X')", row("s", "abc"))).isEqualTo("abc");
        assertThat(eval("regexp_replace(s, '(a)(b)', '$2$1')", row("s", "abab"))).isEqualTo("baba");
        assertThat(eval("regexp_replace(s, s2, 'x')", row("s", "abc", "s2", "["))).isNull();
        assertThat(eval("regexp_extract(s, 'a(b+)c', 1)", row("s", "xabbbc"))).isEqualTo("bbb");
        assertThat(eval("regexp_extract(s, 'a(b+)c')", row("s", "xabbbc"))).isEqualTo("bbb");
        assertThat(eval("regexp_extract(s, 'a(b+)c', 0)", row("s", "xabbbc"))).isEqualTo("abbbc");
        assertThat(eval("regexp_extract(s, 'z(b)', 1)", row("s", "xabbbc"))).isEqualTo("");
        assertThat(eval("regexp_extract(s, 'a(b)', 2)", row("s", "ab"))).isNull();
    }

    @Test
    void getJsonObjectFollowsHivesJsonPath() {
        String store = "{\"store\":{\"fruit\":[{\"weight\":8,\"type\":\"apple\"},{\"weight\":9,\"type\":\"pear\"}],"
                + "\"bicycle\":{\"price\":19.95,\"color\":\"red\"},\"basket\":[[1,2,{\"b\":\"y\"}],[3,4],[5,6]]},"
                + "\"email\":\"amy@example.net\",\"owner\":\"amy\",\"none\":null}";
        List<String[]> cases = List.of(
                new String[] {"$.owner", "amy"},
                new String[] {"$.store.bicycle.price", "19.95"},
                new String[] {"$.store.bicycle", "{\"price\":19.95,\"color\":\"red\"}"},
                new String[] {"$.store.fruit[0]", "{\"weight\":8,\"type\":\"apple\"}"},
                new String[] {"$.store.fruit[1].type", "pear"},
                new String[] {"$.store.fruit[*].weight", "[8,9]"},          // several values: an array
                new String[] {"$.store.fruit.type", "[\"apple\",\"pear\"]"}, // a key met by an array: each element's
                new String[] {"$.store.basket[0][1]", "2"},
                new String[] {"$.store.basket[*][0]", "[1,3,5]"},
                new String[] {"$.store.basket[0][1]", "2"},                 // one element: the value itself
                new String[] {"$.store.basket[0][*].b", "[\"y\"]"},        // a key met by an array: always an array
                new String[] {"$.store.fruit[5]", null},
                new String[] {"$.nothing", null},
                new String[] {"$.none", null},
                new String[] {"$..owner", null},                            // no recursive descent
                new String[] {"owner", null},
                new String[] {"$", store.replace("\"none\":null", "\"none\":null")});
        for (String[] c : cases) {
            assertThat(eval("get_json_object(s, s2)", row("s", store, "s2", c[0]))).as(c[0]).isEqualTo(c[1]);
        }
        assertThat(eval("get_json_object(s, '$[1].a')", row("s", "[{\"a\":1},{\"a\":true}]"))).isEqualTo("true");
        assertThat(eval("get_json_object(s, '$.a')", row("s", "{\"a\": 1"))).as("invalid JSON").isNull();
        assertThat(eval("get_json_object(s, '$.a')", row("s", "[1, 2]"))).as("an array is no object").isNull();
        assertThat(eval("get_json_object(s, '$.a')", row("s", ""))).isNull();
        assertThat(eval("get_json_object(s, '$.a')", row("s", null))).isNull();
    }

    @Test
    void soundexAndLevenshtein() {
        assertThat(eval("soundex(s)", row("s", "Miller"))).isEqualTo("M460");
        assertThat(eval("soundex(s)", row("s", "Ashcraft"))).isEqualTo("A261");
        assertThat(eval("soundex(s)", row("s", ""))).isEqualTo("");
        assertThat(eval("soundex(s)", row("s", "Müller"))).isNull();
        assertThat(eval("soundex(s)", row())).isNull();
        assertThat(eval("soundex(i)", row("i", 42))).isEqualTo(""); // implicit int -> string, no letters
        assertThat(eval("soundex(v)", row("v", "Rubin"))).isEqualTo("R150");
        assertThat(eval("soundex(s) = soundex(s2)", row("s", "Robert", "s2", "Rupert"))).isEqualTo(true);
        assertThat(type("soundex(s)")).startsWith("VARCHAR");
        assertThat(eval("levenshtein(s, s2)", row("s", "kitten", "s2", "sitting"))).isEqualTo(3);
        assertThat(eval("levenshtein(s, 'flaw')", row("s", "lawn"))).isEqualTo(2);
        assertThat(eval("levenshtein(s, '')", row("s", "a\uD83D\uDE00"))).isEqualTo(3);
        assertThat(eval("levenshtein(s, s2)", row("s", "abc"))).isNull();
        assertThat(eval("levenshtein(n, s2)", row("s2", "abc"))).isNull();
        assertThat(eval("levenshtein(i, 123)", row("i", 124))).isEqualTo(1);
        assertThat(type("levenshtein(s, s2)")).isEqualTo("INTEGER");
        assertThat(ExpressionHarness.test("levenshtein(s, 'abd') <= 1", row("i", 1, "s", "abc"))).isTrue();
        assertThat(HiveFunctionLibrary.instance().describe("SOUNDEX").orElseThrow().signature()).isEqualTo("soundex(string str)");
    }

    @Test
    void splitIsRefusedClearly() {
        assertThatThrownBy(() -> eval("split(s, ',')", row())).isInstanceOf(PlannerException.class)
                .hasMessageContaining("split").hasMessageContaining("ARRAY");
    }

    @Test
    void dateFunctions() {
        LocalDate d = LocalDate.of(2024, 2, 29);
        LocalDateTime t = LocalDateTime.of(2024, 12, 30, 13, 14, 15, 500_000_000);
        assertThat(eval("year(dt)", row("dt", d))).isEqualTo(2024);
        assertThat(eval("month(dt)", row("dt", d))).isEqualTo(2);
        assertThat(eval("day(dt)", row("dt", d))).isEqualTo(29);
        assertThat(eval("dayofmonth(dt)", row("dt", d))).isEqualTo(29);
        assertThat(eval("quarter(ts)", row("ts", t))).isEqualTo(4);
        assertThat(eval("hour(ts)", row("ts", t))).isEqualTo(13);
        assertThat(eval("minute(ts)", row("ts", t))).isEqualTo(14);
        assertThat(eval("second(ts)", row("ts", t))).isEqualTo(15);
        assertThat(eval("hour(dt)", row("dt", d))).isEqualTo(0);
        assertThat(eval("weekofyear(ts)", row("ts", t))).isEqualTo(1); // ISO week 1 of 2025
        assertThat(eval("year(s)", row("s", "2020-05-06 10:00:00"))).isEqualTo(2020);
        assertThat(eval("year(s)", row("s", "not a date"))).isNull();
        assertThat(eval("to_date(ts)", row("ts", t))).isEqualTo(LocalDate.of(2024, 12, 30));
        assertThat(eval("to_date(s)", row("s", "2020-05-06 10:00:00"))).isEqualTo(LocalDate.of(2020, 5, 6));
        assertThat(eval("datediff(dt, '2024-03-01')", row("dt", d))).isEqualTo(-1);
        assertThat(eval("datediff(ts, dt)", row("ts", t, "dt", d))).isEqualTo(305);
        assertThat(eval("date_add(dt, 1)", row("dt", d))).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(eval("date_sub(dt, 366)", row("dt", d))).isEqualTo(LocalDate.of(2023, 2, 28));
        assertThat(eval("date_add(s, 1)", row("s", "2024-02-28"))).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(eval("add_months(dt, 1)", row("dt", d))).isEqualTo("2024-03-31");
        assertThat(eval("add_months(dt, 1)", row("dt", LocalDate.of(2024, 1, 30)))).isEqualTo("2024-02-29");
        assertThat(eval("last_day(dt)", row("dt", LocalDate.of(2023, 2, 3)))).isEqualTo("2023-02-28");
        assertThat(eval("months_between(dt, '2024-01-29')", row("dt", d))).isEqualTo(1.0);
        assertThat(eval("months_between('1997-02-28 10:30:00', '1996-10-30')")).isEqualTo(3.94959677);
        assertThat(eval("date_format(ts, 'yyyy/MM/dd HH')", row("ts", t))).isEqualTo("2024/12/30 13");
        assertThat(eval("unix_timestamp(ts)", row("ts", t))).isEqualTo(1735564455L);
        assertThat(eval("unix_timestamp('1970-01-02 00:00:00')")).isEqualTo(86400L);
        assertThat(eval("unix_timestamp('1970-01-02', 'yyyy-MM-dd')")).isEqualTo(86400L);
        assertThat(eval("unix_timestamp('garbage')")).isNull();
        assertThat(eval("from_unixtime(86401)")).isEqualTo("1970-01-02 00:00:01");
        assertThat(eval("from_unixtime(b, 'yyyy')", row("b", 0L))).isEqualTo("1970");
        assertThat(eval("dayofweek(dt)", row("dt", LocalDate.of(2024, 3, 3)))).isEqualTo(1); // a Sunday
    }

    @Test
    void theQueryClockIsFixed() {
        assertThat(eval("current_date = current_date")).isEqualTo(true);
        assertThat(type("current_timestamp")).startsWith("TIMESTAMP(6)");
        assertThat((Long) eval("unix_timestamp()")).isGreaterThan(1_600_000_000L);
        assertThat(eval("year(current_date) >= 2024")).isEqualTo(true);
    }

    @Test
    void mathFunctions() {
        assertThat(eval("round(d)", row("d", 2.5))).isEqualTo(3.0);
        assertThat(eval("round(d)", row("d", -2.5))).isEqualTo(-3.0);
        assertThat(eval("round(d, 2)", row("d", 1.005))).isEqualTo(1.01); // the decimal form 1.005, half up
        assertThat(eval("round(m, 1)", row("m", new BigDecimal("1.25")))).isEqualTo(new BigDecimal("1.3"));
        assertThat(type("round(m, 1)")).isEqualTo("DECIMAL(10, 1)");
        assertThat(eval("round(i, -1)", row("i", 15))).isEqualTo(20);
        assertThat(eval("bround(d)", row("d", 2.5))).isEqualTo(2.0);
        assertThat(eval("bround(m, 1)", row("m", new BigDecimal("1.25")))).isEqualTo(new BigDecimal("1.2"));
        assertThat(eval("floor(d)", row("d", -1.5))).isEqualTo(-2L);
        assertThat(eval("ceil(d)", row("d", -1.5))).isEqualTo(-1L);
        assertThat(eval("ceiling(m)", row("m", new BigDecimal("1.01")))).isEqualTo(new BigDecimal("2"));
        assertThat(eval("abs(i)", row("i", -3))).isEqualTo(3);
        assertThat(eval("abs(i)", row("i", Integer.MIN_VALUE))).isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("abs(m)", row("m", new BigDecimal("-1.50")))).isEqualTo(new BigDecimal("1.50"));
        assertThat(eval("sign(d)", row("d", -4.0))).isEqualTo(-1.0);
        assertThat(eval("sign(m)", row("m", new BigDecimal("0.00")))).isEqualTo(0);
        assertThat(eval("pow(i, 2)", row("i", 3))).isEqualTo(9.0);
        assertThat(eval("power(2, -1)")).isEqualTo(0.5);
        assertThat(eval("sqrt(d)", row("d", -1.0))).isNull();
        assertThat(eval("sqrt(16)")).isEqualTo(4.0);
        assertThat(eval("exp(0)")).isEqualTo(1.0);
        assertThat(eval("ln(d)", row("d", 0.0))).isNull();
        assertThat(eval("log(8)")).isEqualTo(Math.log(8));
        assertThat(eval("log(2, 8)")).isEqualTo(3.0);
        assertThat(eval("log10(1000)")).isEqualTo(3.0);
        assertThat(eval("log2(8)")).isEqualTo(3.0);
        assertThat(eval("pmod(i, 3)", row("i", -7))).isEqualTo(2);
        assertThat(eval("pmod(i, 0)", row("i", -7))).isNull();
        assertThat(eval("pmod(d, 3)", row("d", -7.5))).isEqualTo(1.5);
        assertThat((Double) eval("rand(7)")).isBetween(0.0, 1.0);
    }

    @Test
    void conditionals() {
        assertThat(eval("if(i > 1, 'a', 'b')", row("i", 2))).isEqualTo("a");
        assertThat(eval("if(n > 1, 'a', 'b')", row())).isEqualTo("b");
        assertThat(eval("nvl(n, 7)", row())).isEqualTo(7);
        assertThat(eval("coalesce(n, i, 9)", row("i", 3))).isEqualTo(3);
        assertThat(eval("coalesce(n, n)", row())).isNull();
        assertThat(eval("nullif(i, 3)", row("i", 3))).isNull();
        assertThat(eval("nullif(i, 3)", row("i", 4))).isEqualTo(4);
        assertThat(eval("nullif(i, n)", row("i", 4))).isEqualTo(4);
        assertThat(eval("nvl2(n, 1, 2)", row())).isEqualTo(2);
        assertThat(eval("isnull(n)", row())).isEqualTo(true);
        assertThat(eval("isnotnull(i)", row("i", 1))).isEqualTo(true);
        assertThat(eval("greatest(i, 5, 2)", row("i", 3))).isEqualTo(5);
        assertThat(eval("greatest(i, n)", row("i", 3))).isNull();
        assertThat(eval("least(s, s2)", row("s", "b", "s2", "a"))).isEqualTo("a");
        assertThat(eval("greatest(d, 1.0)", row("d", Double.NaN))).isEqualTo(Double.NaN);
        assertThat(type("if(i > 1, i, b)")).isEqualTo("BIGINT");
    }

    @Test
    void digestsAndBases() {
        assertThat(eval("md5(s)", row("s", "ABC"))).isEqualTo("902fbdd2b1df0c4f70b4a5d23525e932");
        assertThat(eval("sha2(s, 256)", row("s", "ABC")))
                .isEqualTo("b5d4045c3f466fa91fe2cc6abe79232a1a57cdf104f7a26e716e0a1e2789df78");
        assertThat(eval("sha2(s, 1)", row("s", "ABC"))).isNull();
        assertThat(eval("hex(17)")).isEqualTo("11");
        assertThat(eval("hex(-1)")).isEqualTo("FFFFFFFFFFFFFFFF");
        assertThat(eval("hex(s)", row("s", "Facebook"))).isEqualTo("46616365626F6F6B");
        assertThat(eval("unhex(s)", row("s", "4142"))).isEqualTo(new byte[] {0x41, 0x42});
        assertThat(eval("unhex(s)", row("s", "zz"))).isNull();
        assertThat(eval("conv(s, 16, 10)", row("s", "FF"))).isEqualTo("255");
        assertThat(eval("conv(-1, 10, 16)")).isEqualTo("FFFFFFFFFFFFFFFF");
        assertThat(eval("conv(-255, 10, -16)")).isEqualTo("-FF");
        assertThat(eval("conv(s, 1, 10)", row("s", "1"))).isNull();
    }

    @Test
    void libraryDescribesItsFunctions() {
        HiveFunctionLibrary lib = HiveFunctionLibrary.instance();
        assertThat(lib.describe("SUBSTR").orElseThrow().signature()).isEqualTo("substr(string str, int pos[, int len])");
        assertThat(lib.describe("ucase").orElseThrow().description()).contains("synonym of upper");
        assertThat(lib.describe("variance").orElseThrow().kind()).isEqualTo("aggregate");
        assertThat(lib.names()).contains("regexp_extract", "stddev_samp", "row_number", "concat_ws");
        assertThat(lib.unknownFunctionMessage("substrr")).contains("substr");
        assertThatThrownBy(() -> eval("substrr(s, 1)", row())).hasMessageContaining("substr");
        assertThatThrownBy(() -> eval("substr(bo, 1)", row())).hasMessageContaining("Argument 1 of substr must be string");
    }
}
