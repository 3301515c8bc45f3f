package org.hadoopdb.loader.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.LoaderException;
import org.junit.jupiter.api.Test;

/**
 * Complex columns in Hive's delimited text: what the loader reads (the Java value, the COPY text and binary
 * form of the jsonb it stores) and what it rejects. Lines are written with {@code ^A} for {@code \001},
 * {@code ^B} for {@code \002} and so on.
 */
class ComplexTextTest {
    private static final TextFormat PIPE = TextFormat.HIVE_DEFAULT.withDelimiter('|');

    /** {@code ^A}..{@code ^H} as the control characters {@code \001}..{@code \010}. */
    static String ctl(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '^' && i + 1 < s.length() && s.charAt(i + 1) >= 'A' && s.charAt(i + 1) <= 'H') {
                sb.append((char) (s.charAt(++i) - 'A' + 1));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** The value a one-column line reads as (through {@link TextRowParser}, as an external table reads it). */
    private static Object read(TextFormat format, String type, String field) {
        HiveType t = HiveType.parse(type);
        TextRowParser parser = new TextRowParser(format, List.of(new ColumnInfo("c", t)));
        Row row = new Row(RowSchema.builder().add("c", t).build());
        byte[] b = ctl(field).getBytes(StandardCharsets.UTF_8);
        String reason = parser.parse(b, 0, b.length, row);
        assertThat(reason).as("reason %s is rejected", field).isNull();
        return row.get(0);
    }

    private static Object read(String type, String field) {
        return read(PIPE, type, field);
    }

    /** The COPY text the loader writes for a one-column line, or "REJECT: reason". */
    private static String copy(TextFormat format, String type, String field) {
        RecordConverter rc = new RecordConverter(format, List.of(new ColumnInfo("c", HiveType.parse(type))), new int[0]);
        ByteSink out = new ByteSink(16);
        byte[] b = ctl(field).getBytes(StandardCharsets.UTF_8);
        String reason = rc.parseLine(b, b.length, out);
        if (reason != null) {
            return "REJECT: " + reason;
        }
        String s = new String(out.array(), 0, out.length(), StandardCharsets.UTF_8);
        assertThat(s).endsWith("\n");
        return s.substring(0, s.length() - 1);
    }

    private static String copy(String type, String field) {
        return copy(PIPE, type, field);
    }

    private static List<Object> list(Object... items) {
        return Arrays.asList(items);
    }

    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void arraysOfPrimitivesAndOfArrays() {
        assertThat(read("array<int>", "1^B2^B3")).isEqualTo(List.of(1, 2, 3));
        assertThat(copy("array<int>", "1^B2^B3")).isEqualTo("[1,2,3]");
        assertThat(read("array<array<string>>", "a^Cb^Bc")).isEqualTo(List.of(List.of("a", "b"), List.of("c")));
        assertThat(copy("array<array<string>>", "a^Cb^Bc")).isEqualTo("[[\"a\",\"b\"],[\"c\"]]");
        assertThat(read("array<array<array<int>>>", "1^D2^C3^B4")).as("level 3 is \\004")
                .isEqualTo(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4))));
    }

    @Test
    void mapsTheirKeysAndValuesTwoLevelsDown() {
        Object m = read("map<string,int>", "a^C1^Bb^C2");
        assertThat(m).isEqualTo(map("a", 1, "b", 2));
        assertThat(List.copyOf(((Map<?, ?>) m).keySet())).as("in the text's order").isEqualTo(List.of("a", "b"));
        assertThat(copy("map<string,int>", "a^C1^Bb^C2")).isEqualTo("[[\"a\",1],[\"b\",2]]");
        assertThat(read("map<int,array<string>>", "1^Cx^Dy^B2^Cz")).as("the value's items at level 3: \\004")
                .isEqualTo(map(1, List.of("x", "y"), 2, List.of("z")));
        assertThat(read("map<string,string>", "k^Cv^Cw")).as("the first key separator splits").isEqualTo(map("k", "v\003w"));
        assertThat(read("array<map<string,int>>", "a^D1^Cb^D2^Ba^D3"))
                .as("a map inside an array: entries at level 2, keys at 3").isEqualTo(List.of(map("a", 1, "b", 2), map("a", 3)));
    }

    @Test
    void structsFieldByFieldInOrder() {
        assertThat(read("struct<a:int,b:array<string>>", "7^Bp^Cq")).isEqualTo(List.of(7, List.of("p", "q")));
        assertThat(copy("struct<a:int,b:array<string>>", "7^Bp^Cq")).isEqualTo("[7,[\"p\",\"q\"]]");
        assertThat(read("struct<a:int,b:map<string,int>>", "7^Bk^D1")).isEqualTo(List.of(7, map("k", 1)));
        assertThat(read("array<struct<x:int,y:string>>", "1^Ca^B2^Cb")).isEqualTo(List.of(List.of(1, "a"), List.of(2, "b")));
    }

    @Test
    void nullAtEveryLevel() {
        assertThat(read("array<int>", "\\N")).as("the whole column").isNull();
        assertThat(copy("array<int>", "\\N")).isEqualTo("\\N");
        assertThat(read("array<int>", "1^B\\N^B3")).isEqualTo(list(1, null, 3));
        assertThat(copy("array<int>", "1^B\\N^B3")).isEqualTo("[1,null,3]");
        assertThat(read("array<array<int>>", "\\N^B1^C\\N")).isEqualTo(list(null, list(1, null)));
        assertThat(read("map<string,array<int>>", "a^C\\N^Bb^C1^D\\N")).isEqualTo(map("a", null, "b", list(1, null)));
        assertThat(read("struct<a:int,b:string,c:array<int>>", "\\N^B\\N^B\\N")).isEqualTo(list(null, null, null));
        assertThat(read(PIPE.withNullString("NULL"), "array<string>", "NULL^B\\N")).as("the format's NULL text")
                .isEqualTo(list(null, "\\N"));
    }

    @Test
    void emptyTextIsAnEmptyCollectionAndEmptyItemsReadAsTopLevelFieldsDo() {
        assertThat(read("array<int>", "")).isEqualTo(List.of());
        assertThat(copy("array<int>", "")).isEqualTo("[]");
        assertThat(read("map<string,int>", "")).isEqualTo(Map.of());
        assertThat(copy("map<string,int>", "")).isEqualTo("[]");
        assertThat(read("array<array<int>>", "^B")).isEqualTo(List.of(List.of(), List.of()));
        assertThat(read("array<int>", "1^B")).as("an empty int is NULL").isEqualTo(list(1, null));
        assertThat(read("array<string>", "a^B")).as("an empty string is the empty string").isEqualTo(List.of("a", ""));
        assertThat(read("struct<a:string>", "")).isEqualTo(List.of(""));
        assertThat(read("struct<a:int,b:map<string,int>>", "^B")).isEqualTo(list(null, Map.of()));
    }

    @Test
    void everyPrimitiveTypeAsItsTopLevelColumnReadsIt() {
        assertThat(read("array<tinyint>", "1^B-128")).isEqualTo(List.of((byte) 1, (byte) -128));
        assertThat(read("array<smallint>", "300")).isEqualTo(List.of((short) 300));
        assertThat(read("array<bigint>", " 9000000000 ^B12.7")).as("spaces, a fraction dropped").isEqualTo(List.of(9_000_000_000L, 12L));
        assertThat(read("array<float>", "1.5^BNaN")).isEqualTo(List.of(1.5f, Float.NaN));
        assertThat(copy("array<double>", "2.5^B-Infinity^B1e3")).isEqualTo("[2.5,\"-Infinity\",1000.0]");
        assertThat(read("array<decimal(5,2)>", "1.5^B-0.005")).isEqualTo(List.of(new BigDecimal("1.50"), new BigDecimal("-0.01")));
        assertThat(copy("array<decimal(5,2)>", "1.5")).as("jsonb keeps the scale").isEqualTo("[1.50]");
        assertThat(read("array<boolean>", "true^BF^Byes")).isEqualTo(List.of(true, false, true));
        assertThat(read("array<date>", "2024-02-29")).isEqualTo(List.of(LocalDate.of(2024, 2, 29)));
        assertThat(read("array<timestamp>", "2024-02-29 13:14:15.1234565")).as("rounded to microseconds")
                .isEqualTo(List.of(LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_456_000)));
        assertThat(copy("array<timestamp>", "2024-02-29 13:14:15")).isEqualTo("[\"2024-02-29 13:14:15\"]");
        assertThat(copy("array<date>", "2024-02-29")).isEqualTo("[\"2024-02-29\"]");
        @SuppressWarnings("unchecked")
        List<byte[]> binary = (List<byte[]>) read("array<binary>", "AAH/^Bhi!");
        assertThat(binary.get(0)).containsExactly(0, 1, 255);
        assertThat(binary.get(1)).as("not base64: its bytes").containsExactly('h', 'i', '!');
        assertThat(copy("array<binary>", "AAH/")).isEqualTo("[\"AAH/\"]");
        assertThat(read("array<varchar(2)>", "abc^Bé€x")).as("truncated").isEqualTo(List.of("ab", "é€"));
        assertThat(read("array<char(3)>", "a^Babcd")).as("padded, truncated").isEqualTo(List.of("a  ", "abc"));
        assertThat(copy("array<string>", "a\tb\\c\"d")).as("JSON escapes, then COPY's")
                .isEqualTo("[\"a\\\\tb\\\\\\\\c\\\\\"d\"]");
    }

    @Test
    void customDelimitersFromTheTableProperties() {
        TextFormat f = TextFormat.fromProperties(Map.of(TextFormat.FIELD_DELIM, "|", TextFormat.COLLECTION_DELIM, ",",
                TextFormat.MAPKEY_DELIM, "58")); // a number is a byte value, as in Hive: ':'
        assertThat(f.collectionDelimiter()).isEqualTo((byte) ',');
        assertThat(f.mapKeyDelimiter()).isEqualTo((byte) ':');
        assertThat(read(f, "map<string,array<int>>", "a:1^D2,b:3")).isEqualTo(map("a", List.of(1, 2), "b", List.of(3)));
        assertThat(TextFormat.fromProperties(f.toProperties())).isEqualTo(f);
        TextFormat g = PIPE.withCollectionDelimiter(';').withMapKeyDelimiter('=');
        assertThat(read(g, "struct<a:int,m:map<string,int>>", "1;x^D5")).as("a struct's map: entries at level 2, '='")
                .isEqualTo(list(1, map("x", 5)));
        assertThat(read(g, "map<string,int>", "x=5;y=6")).isEqualTo(map("x", 5, "y", 6));
        assertThat(TextFormat.HIVE_DEFAULT.toProperties()).doesNotContainKeys(TextFormat.COLLECTION_DELIM, TextFormat.MAPKEY_DELIM);
    }

    @Test
    void escapesMakeSeparatorsLiteralAtEveryLevelAndAreRemovedAtTheLeaves() {
        TextFormat f = PIPE.withEscape('\\').withCollectionDelimiter(',').withMapKeyDelimiter(':');
        assertThat(read(f, "array<string>", "a\\,b,c")).isEqualTo(List.of("a,b", "c"));
        assertThat(read(f, "array<string>", "x\\|y,z")).as("an escaped field delimiter").isEqualTo(List.of("x|y", "z"));
        assertThat(read(f, "map<string,string>", "k\\:1:v\\,w,\\\\:\\N")).isEqualTo(map("k:1", "v,w", "\\", null));
        assertThat(read(f, "array<array<string>>", "a\\:b:c,d")).as("level 2 is the map keys delimiter, here too")
                .isEqualTo(List.of(List.of("a:b", "c"), List.of("d")));
        assertThat(read(f, "array<array<array<string>>>", "a\\^Db^Dc")).as("an escaped separator of level 3")
                .isEqualTo(List.of(List.of(List.of("a\004b", "c"))));
        assertThat(read(f, "array<int>", "1,\\2")).isEqualTo(List.of(1, 2));
        assertThat(read(f.withEscapeCrLf(true), "array<string>", "a\\nb,c\\rd")).isEqualTo(List.of("a\nb", "c\rd"));
        assertThat(read(f, "array<string>", "a\\nb")).as("without escape.crlf: n").isEqualTo(List.of("anb"));
        TextFormat csv = TextFormat.HIVE_DEFAULT.withDelimiter(',').withQuote('"').withEscape('\\').withCollectionDelimiter(';');
        assertThat(read(csv, "array<string>", "\"a,b;\"\"c\"\"\\;d\"")).as("a quoted field: unquoted, escapes kept for the levels")
                .isEqualTo(List.of("a,b", "\"c\";d"));
    }

    @Test
    void badElementsRejectTheRowWithThePathToThem() {
        assertThat(copy("array<int>", "1^Bx")).isEqualTo("REJECT: column 1 'c' (array<int>): item 2: 'x' is not an int");
        assertThat(copy("array<tinyint>", "1^B300")).contains("item 2: '300' is out of range for tinyint");
        assertThat(copy("map<string,array<int>>", "a^C1^D2^Bb^C3^Dz"))
                .isEqualTo("REJECT: column 1 'c' (map<string,array<int>>): value of entry 2: item 2: 'z' is not an int");
        assertThat(copy("map<int,string>", "x^Ca")).contains("key of entry 1: 'x' is not an int");
        assertThat(copy("struct<a:int,b:array<date>>", "1^B2024-02-30"))
                .isEqualTo("REJECT: column 1 'c' (struct<a:int,b:array<date>>): field 'b': item 1: '2024-02-30' is not a calendar date");
        assertThat(copy("array<string>", "a^Bb\u0000c"))
                .isEqualTo("REJECT: column 1 'c' (array<string>): item 2: the value contains the character U+0000, which PostgreSQL cannot store");
        assertThat(copy("map<string,int>", "k\u0000^C1")).contains("key of entry 1: the value contains the character U+0000");
    }

    @Test
    void malformedCollectionsAreRejectedWhereHiveWouldDropData() {
        assertThat(copy("struct<a:int,b:int>", "1")).isEqualTo(
                "REJECT: column 1 'c' (struct<a:int,b:int>): the value has 1 field but struct<a:int,b:int> has 2 (separated by \\002)");
        assertThat(copy("struct<a:int,b:int>", "1^B2^B3")).contains("the value has 3 fields but struct<a:int,b:int> has 2");
        assertThat(copy("map<string,int>", "a^C1^Bb")).isEqualTo(
                "REJECT: column 1 'c' (map<string,int>): entry 2 'b' has no key separator (\\003)");
        assertThat(copy("map<string,int>", "a^C1^B")).contains("entry 2 is empty (it has no key separator)");
        assertThat(copy("map<string,int>", "\\N^C1")).contains("the key of entry 1 is NULL (a map key cannot be NULL)");
        assertThat(copy("map<string,int>", "a^C1^Ba^C2")).contains("key 'a' of entry 2 is in the map already");
        assertThat(copy("map<int,int>", "1^C1^B01^C2")).as("equal once read").contains("key '01' of entry 2 is in the map already");
    }

    @Test
    void binaryCopyHoldsJsonbsVersionAndText() {
        RecordConverter rc = new RecordConverter(PIPE, List.of(new ColumnInfo("c", HiveType.parse("array<int>"))), new int[0], true);
        ByteSink out = new ByteSink(16);
        byte[] b = ctl("1^B\\N").getBytes(StandardCharsets.UTF_8);
        assertThat(rc.parseLine(b, b.length, out)).isNull();
        byte[] json = "[1,null]".getBytes(StandardCharsets.US_ASCII);
        byte[] expected = new byte[2 + 4 + 1 + json.length];
        expected[1] = 1; // one field
        expected[5] = (byte) (1 + json.length);
        expected[6] = 1; // jsonb's version
        System.arraycopy(json, 0, expected, 7, json.length);
        assertThat(out.toByteArray()).containsExactly(expected);
    }

    @Test
    void typedRowsAreCheckedAndNormalisedByTheSameRules() {
        RowSchema schema = RowSchema.builder().add("a", HiveType.parse("array<varchar(2)>"))
                .add("m", HiveType.parse("map<string,decimal(4,1)>")).build();
        List<ColumnInfo> cols = List.of(new ColumnInfo("a", HiveType.parse("array<varchar(2)>")),
                new ColumnInfo("m", HiveType.parse("map<string,decimal(4,1)>")));
        RecordConverter rc = new RecordConverter(TextFormat.HIVE_DEFAULT, cols, new int[0]);
        ByteSink out = new ByteSink(16);
        Row row = new Row(schema);
        row.setComplex(0, list("abc", null));
        row.setComplex(1, map("x", new BigDecimal("1.25"), "y", 3));
        assertThat(rc.convertRow(row, out)).isNull();
        assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).isEqualTo("[\"ab\",null]\t[[\"x\",1.3],[\"y\",3.0]]\n");
        row.setComplex(0, list("a\u0000"));
        assertThat(rc.convertRow(row, out)).isEqualTo(
                "column 1 'a' (array<varchar(2)>): item 1: the value contains the character U+0000, which PostgreSQL cannot store");
        row.setComplex(0, list("ab", 1));
        assertThat(rc.convertRow(row, out)).isEqualTo(
                "column 1 'a' (array<varchar(2)>): item 2: a Integer (1) cannot be stored as varchar(2)");
        row.setComplex(0, list());
        row.setComplex(1, map("x", new BigDecimal("12345")));
        assertThat(rc.convertRow(row, out)).contains("column 2 'm' (map<string,decimal(4,1)>): value of entry 1: 12345 is out of range");
        row.setComplex(1, map(null, BigDecimal.ONE));
        assertThat(rc.convertRow(row, out)).contains("the key of entry 1 is NULL");
    }

    @Test
    void complexColumnsAreCountedInTheStatistics() {
        RecordConverter rc = new RecordConverter(PIPE, List.of(new ColumnInfo("c", HiveType.parse("array<int>")),
                new ColumnInfo("n", HiveType.INT)), new int[0], true);
        ByteSink out = new ByteSink(16);
        for (String line : List.of("1^B2|1", "\\N|2", "|3", "x|4")) {
            byte[] b = ctl(line).getBytes(StandardCharsets.UTF_8);
            rc.parseLine(b, b.length, out);
        }
        assertThat(rc.stats()[0].values()).as("accepted rows only").isEqualTo(2);
        assertThat(rc.stats()[0].nulls()).isEqualTo(1);
        assertThat(rc.stats()[0].minText()).isNull();
        assertThat(rc.stats()[1].maxText()).isEqualTo("3");
    }

    @Test
    void separatorsThatClashAreRefusedForComplexColumnsOnly() {
        TextFormat clash = TextFormat.HIVE_DEFAULT.withDelimiter('\002');
        assertThat(new RecordConverter(clash, List.of(new ColumnInfo("s", HiveType.STRING)), new int[0])).isNotNull();
        assertThatThrownBy(() -> new RecordConverter(clash, List.of(new ColumnInfo("tags", HiveType.parse("array<string>"))), new int[0]))
                .isInstanceOf(LoaderException.class)
                .hasMessage("Column 'tags' (array<string>) cannot be read: the field delimiter and the collection items delimiter"
                        + " (colelction.delim) are both \\002 (set COLLECTION ITEMS / MAP KEYS TERMINATED BY to other characters)");
        TextFormat deep = TextFormat.HIVE_DEFAULT.withDelimiter('\004');
        assertThat(new RecordConverter(deep, List.of(new ColumnInfo("m", HiveType.parse("map<int,int>"))), new int[0])).isNotNull();
        assertThatThrownBy(() -> new RecordConverter(deep, List.of(new ColumnInfo("m", HiveType.parse("map<int,array<int>>"))),
                new int[0])).hasMessageContaining("the field delimiter and the separator of nesting level 3 are both \\004");
        assertThatThrownBy(() -> new RecordConverter(PIPE.withEscape('\002'), List.of(new ColumnInfo("a",
                HiveType.parse("array<int>"))), new int[0])).hasMessageContaining("the collection items delimiter (colelction.delim)"
                        + " and the escape character are both \\002");
        String nested = "int";
        for (int i = 0; i < NestingSeparators.MAX_LEVELS; i++) {
            nested = "array<" + nested + ">";
        }
        HiveType tooDeep = HiveType.parse(nested);
        assertThatThrownBy(() -> new RecordConverter(PIPE, List.of(new ColumnInfo("d", tooDeep)), new int[0]))
                .hasMessageContaining("nests deeper than the 24 levels");
    }

    @Test
    void nestingLevelsFollowHive() {
        NestingSeparators s = NestingSeparators.of(PIPE.withCollectionDelimiter(',').withMapKeyDelimiter(':'));
        assertThat(new int[] {s.at(0), s.at(1), s.at(2), s.at(3), s.at(7), s.at(8), s.at(9), s.at(23)})
                .containsExactly('|', ',', ':', 4, 8, 11, 14, 29);
        assertThat(NestingSeparators.deepestLevel(HiveType.parse("array<int>"), 1)).isEqualTo(1);
        assertThat(NestingSeparators.deepestLevel(HiveType.parse("map<int,int>"), 1)).isEqualTo(2);
        assertThat(NestingSeparators.deepestLevel(HiveType.parse("map<int,array<int>>"), 1)).isEqualTo(3);
        assertThat(NestingSeparators.deepestLevel(HiveType.parse("array<map<int,int>>"), 1)).isEqualTo(3);
        assertThat(NestingSeparators.deepestLevel(HiveType.parse("struct<a:int,b:array<array<int>>>"), 1)).isEqualTo(3);
    }
}
