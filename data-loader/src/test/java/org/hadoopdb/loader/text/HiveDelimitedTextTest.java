package org.hadoopdb.loader.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.loader.text.ComplexTextTest.ctl;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ComplexJson;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.LoaderException;
import org.junit.jupiter.api.Test;

/** Writing complex values as Hive's delimited text, and reading what was written back as the same values. */
class HiveDelimitedTextTest {
    private static final TextFormat PIPE = TextFormat.HIVE_DEFAULT.withDelimiter('|');

    private static String write(TextFormat format, String type, Object value) {
        return new HiveDelimitedText(format).append(HiveType.parse(type), value, new StringBuilder()).toString();
    }

    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void separatorsByNestingLevel() {
        assertThat(write(PIPE, "array<int>", Arrays.asList(1, null, 3))).isEqualTo(ctl("1^B\\N^B3"));
        assertThat(write(PIPE, "array<array<string>>", List.of(List.of("a", "b"), List.of("c")))).isEqualTo(ctl("a^Cb^Bc"));
        assertThat(write(PIPE, "map<string,int>", map("a", 1, "b", 2))).isEqualTo(ctl("a^C1^Bb^C2"));
        assertThat(write(PIPE, "map<int,array<string>>", map(1, List.of("x", "y"), 2, List.of("z")))).isEqualTo(ctl("1^Cx^Dy^B2^Cz"));
        assertThat(write(PIPE, "struct<a:int,b:array<string>>", List.of(7, List.of("p", "q")))).isEqualTo(ctl("7^Bp^Cq"));
        assertThat(write(PIPE, "array<map<string,int>>", List.of(map("a", 1, "b", 2), map()))).isEqualTo(ctl("a^D1^Cb^D2^B"));
        assertThat(write(PIPE, "array<int>", List.of())).isEmpty();
        assertThat(write(PIPE, "array<int>", null)).isEqualTo("\\N");
        assertThat(write(PIPE.withNullString("NULL"), "map<string,string>", map("k", null))).isEqualTo(ctl("k^CNULL"));
        assertThat(write(PIPE.withCollectionDelimiter(',').withMapKeyDelimiter(':'), "map<string,array<int>>",
                map("a", List.of(1, 2), "b", List.of()))).isEqualTo(ctl("a:1^D2,b:"));
    }

    @Test
    void primitivesAsHiveWritesThem() {
        HiveType t = HiveType.parse("struct<b:binary,d:decimal(6,3),t:timestamp,day:date,f:float,x:double,ok:boolean,c:char(3)>");
        List<Object> value = List.of(new byte[] {0, 1, (byte) 255}, new BigDecimal("1.500"),
                LocalDateTime.of(2024, 2, 29, 13, 14, 15, 120_000_000), LocalDate.of(2024, 2, 29), 1.5f, Double.NaN, true, "ab ");
        assertThat(new HiveDelimitedText(PIPE).append(t, value, new StringBuilder()).toString())
                .isEqualTo(ctl("AAH/^B1.500^B2024-02-29 13:14:15.12^B2024-02-29^B1.5^BNaN^Btrue^Bab "));
    }

    @Test
    void escapesTheEscapeAndEverySeparatorInsideValues() {
        TextFormat f = PIPE.withEscape('\\').withCollectionDelimiter(',').withMapKeyDelimiter(':');
        assertThat(write(f, "array<string>", List.of("a,b", "c\\d", "x|y", "p:q\004r\nz"))).isEqualTo("a\\,b,c\\\\d,x\\|y,p\\:q\\\004r\nz");
        assertThat(write(f.withEscapeCrLf(true), "array<string>", List.of("a\nb\rc"))).isEqualTo("a\\nb\\rc");
        assertThat(write(f, "array<date>", List.of(LocalDate.of(2024, 1, 2)))).as("no separator in it").isEqualTo("2024-01-02");
        assertThat(write(PIPE.withEscape('\\').withCollectionDelimiter('-'), "array<date>", List.of(LocalDate.of(2024, 1, 2))))
                .as("a date holds the collection delimiter").isEqualTo("2024\\-01\\-02");
        assertThat(write(PIPE, "array<string>", List.of("a\002b"))).as("no escape character: written as it is").isEqualTo("a\002b");
    }

    @Test
    void valuesOfTheWrongShapeAreRefused() {
        HiveDelimitedText text = new HiveDelimitedText(PIPE);
        assertThatThrownBy(() -> text.append(HiveType.parse("array<int>"), "x", new StringBuilder()))
                .isInstanceOf(LoaderException.class).hasMessage("A value of type array<int> cannot hold x");
        assertThatThrownBy(() -> text.append(HiveType.parse("struct<a:int,b:int>"), List.of(1), new StringBuilder()))
                .hasMessage("A value of struct<a:int,b:int> needs 2 fields, got 1");
        assertThatThrownBy(() -> new HiveDelimitedText(TextFormat.HIVE_DEFAULT.withDelimiter('\003')).check("m",
                HiveType.parse("map<int,int>"))).hasMessageContaining("the field delimiter and the map keys delimiter (mapkey.delim)");
    }

    @Test
    void whatIsWrittenReadsBackAsTheSameValues() {
        List<HiveType> types = List.of(HiveType.parse("array<int>"), HiveType.parse("array<array<string>>"),
                HiveType.parse("map<string,int>"), HiveType.parse("map<int,array<string>>"),
                HiveType.parse("struct<a:int,b:array<string>>"),
                HiveType.parse("map<varchar(5),struct<t:timestamp,d:decimal(10,3),b:binary,c:char(4)>>"),
                HiveType.parse("array<struct<f:float,x:double,ok:boolean,day:date,n:bigint,s:smallint,y:tinyint>>"),
                HiveType.parse("array<map<string,array<string>>>"));
        List<ColumnInfo> columns = new ArrayList<>();
        RowSchema.Builder schema = RowSchema.builder();
        for (int i = 0; i < types.size(); i++) {
            columns.add(new ColumnInfo("c" + i, types.get(i)));
            schema.add("c" + i, types.get(i));
        }
        Random random = new Random(20240229);
        for (TextFormat format : List.of(TextFormat.HIVE_DEFAULT, PIPE.withEscape('\\').withCollectionDelimiter(',')
                .withMapKeyDelimiter(':'), PIPE.withEscape('\\').withEscapeCrLf(true).withNullString("NULL"))) {
            HiveDelimitedText writer = new HiveDelimitedText(format);
            TextRowParser parser = new TextRowParser(format, columns);
            RandomComplexValues values = new RandomComplexValues(random, format.escape() >= 0, format.escapeCrLf());
            Row row = new Row(schema.build());
            for (int n = 0; n < 300; n++) {
                List<Object> originals = new ArrayList<>();
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < types.size(); i++) {
                    Object v = random.nextInt(10) == 0 ? null : values.value(types.get(i));
                    originals.add(v);
                    if (i > 0) {
                        line.append((char) format.delimiter());
                    }
                    writer.append(types.get(i), v, line);
                }
                byte[] b = line.toString().getBytes(StandardCharsets.UTF_8);
                assertThat(parser.parse(b, 0, b.length, row)).as("line %s", line).isNull();
                for (int i = 0; i < types.size(); i++) {
                    assertThat(ComplexJson.write(types.get(i), row.get(i))).as("column %d of line %s", i, line)
                            .isEqualTo(ComplexJson.write(types.get(i), originals.get(i)));
                }
            }
        }
    }

    /**
     * Random values of a type, avoiding the texts Hive's format cannot tell apart: a one-item array
     * whose item writes as nothing or as the NULL text, strings equal to the NULL text, separators in
     * strings when there is no escape character to make them literal.
     */
    private static final class RandomComplexValues {
        private static final String PLAIN = "abcxyz 0123é€\t\"";
        private static final String SPECIAL = "\001\002\003\004\005,:|\\";
        private final Random random;
        private final String alphabet;

        RandomComplexValues(Random random, boolean escaped, boolean crlf) {
            this.random = random;
            this.alphabet = PLAIN + (escaped ? SPECIAL : "") + (crlf ? "\n\r" : "");
        }

        Object value(HiveType type) {
            return switch (type.kind()) {
                case ARRAY -> {
                    int n = random.nextInt(4);
                    List<Object> items = new ArrayList<>();
                    for (int i = 0; i < (n == 1 ? 2 : n); i++) { // never one item: see the class comment
                        items.add(random.nextInt(6) == 0 ? null : value(type.elementType()));
                    }
                    yield items;
                }
                case MAP -> {
                    Map<Object, Object> m = new LinkedHashMap<>();
                    for (int i = random.nextInt(4); i > 0; i--) {
                        m.put(value(type.keyType()), random.nextInt(6) == 0 ? null : value(type.valueType()));
                    }
                    yield m;
                }
                case STRUCT -> {
                    List<Object> fields = new ArrayList<>();
                    for (HiveType t : type.fieldTypes()) {
                        fields.add(random.nextInt(6) == 0 ? null : value(t));
                    }
                    yield fields;
                }
                case STRING -> string(6);
                case VARCHAR -> string(type.length());
                case CHAR -> {
                    String s = string(type.length()).stripTrailing();
                    yield s + " ".repeat(type.length() - s.codePointCount(0, s.length()));
                }
                case INT -> random.nextInt();
                case BIGINT -> random.nextLong();
                case SMALLINT -> (short) random.nextInt();
                case TINYINT -> (byte) random.nextInt();
                case FLOAT -> random.nextInt(8) == 0 ? Float.NaN : (float) random.nextGaussian() * 1e6f;
                case DOUBLE -> random.nextInt(8) == 0 ? Double.NEGATIVE_INFINITY : random.nextGaussian() * 1e-3;
                case DECIMAL -> BigDecimal.valueOf(random.nextInt(2_000_000) - 1_000_000, type.scale());
                case BOOLEAN -> random.nextBoolean();
                case DATE -> LocalDate.ofEpochDay(random.nextInt(40_000) - 20_000);
                case TIMESTAMP -> LocalDateTime.of(1900 + random.nextInt(200), 1 + random.nextInt(12), 1 + random.nextInt(28),
                        random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000) * 1000);
                case BINARY -> {
                    byte[] b = new byte[random.nextInt(5)];
                    random.nextBytes(b);
                    yield b;
                }
            };
        }

        private String string(int maxLength) {
            StringBuilder sb = new StringBuilder();
            for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
                sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            return sb.toString();
        }
    }
}
