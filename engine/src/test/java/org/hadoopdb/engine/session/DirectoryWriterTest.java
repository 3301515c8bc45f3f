package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.hiveql.ast.InsertDirectoryStatement;
import org.hadoopdb.hiveql.ast.RowFormat;
import org.hadoopdb.loader.text.TextFormat;
import org.hadoopdb.loader.text.TextRowParser;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ListResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code INSERT OVERWRITE LOCAL DIRECTORY}'s text: complex values in Hive's delimited text, read back by the loader's parser. */
class DirectoryWriterTest {
    private static final RowSchema SCHEMA = RowSchema.builder().add("id", "int").add("tags", "array<string>")
            .add("scores", "map<string,array<int>>").add("info", "struct<a:int,b:string>").build();

    @TempDir
    Path dir;

    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static List<Row> rows() {
        return List.of(
                Row.of(SCHEMA, 1, List.of("a", "b"), map("x", List.of(1, 2), "y", List.of()), List.of(7, "q")),
                Row.of(SCHEMA, 2, List.of(), map(), null),
                Row.of(SCHEMA, null, Arrays.asList("p,q", null, "r|s"), map("k:1", Arrays.asList(null, 3)), Arrays.asList(null, "a\\b")));
    }

    private HadoopDbConfig config() {
        Configuration conf = new Configuration();
        conf.set(ConfigKeys.HOME.name(), dir.resolve("home").toString());
        return HadoopDbConfig.of(conf);
    }

    private String write(Path out, RowFormat format) throws IOException {
        InsertDirectoryStatement statement = new InsertDirectoryStatement(true, out.toString(), format, null, null);
        StatementResult result = DirectoryWriter.write(statement, new ListResult(SCHEMA, rows()), config());
        assertThat(result).isInstanceOf(StatementResult.Done.class);
        return Files.readString(out.resolve(DirectoryWriter.FILE_NAME), StandardCharsets.UTF_8);
    }

    /** Each line of {@code text} read by the loader's parser in the format a table with {@code properties} has. */
    private static List<List<Object>> readBack(String text, Map<String, String> properties) {
        List<ColumnInfo> columns = new ArrayList<>();
        for (int i = 0; i < SCHEMA.size(); i++) {
            columns.add(new ColumnInfo(SCHEMA.name(i), SCHEMA.type(i)));
        }
        TextRowParser parser = new TextRowParser(TextFormat.fromProperties(properties), columns);
        List<List<Object>> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            Row row = new Row(SCHEMA);
            assertThat(parser.parse(b, 0, b.length, row)).as("line %s", line).isNull();
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < SCHEMA.size(); i++) {
                values.add(row.get(i));
            }
            out.add(values);
        }
        return out;
    }

    private static List<List<Object>> values() {
        List<List<Object>> out = new ArrayList<>();
        for (Row r : rows()) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < SCHEMA.size(); i++) {
                values.add(r.get(i));
            }
            out.add(values);
        }
        return out;
    }

    @Test
    void complexValuesWithHivesDefaultSeparators() throws IOException {
        String text = write(dir.resolve("default"), null);
        assertThat(text).isEqualTo("1\001a\002b\001x\0031\0042\002y\003\0017\002q\n"
                + "2\001\001\001\\N\n"
                + "\\N\001p,q\002\\N\002r|s\001k:1\003\\N\0043\001\\N\002a\\b\n");
        assertThat(readBack(text, Map.of())).isEqualTo(values());
    }

    @Test
    void complexValuesWithTheRowFormatsSeparatorsEscapesAndNullText() throws IOException {
        RowFormat format = new RowFormat("|", "\\", null, "NULL", ",", ":");
        String text = write(dir.resolve("custom"), format);
        assertThat(text).isEqualTo("1|a,b|x:1\0042,y:|7,q\n"
                + "2|||NULL\n"
                + "NULL|p\\,q,NULL,r\\|s|k\\:1:NULL\0043|NULL,a\\\\b\n");
        Map<String, String> table = Map.of(TextFormat.FIELD_DELIM, "|", TextFormat.ESCAPE_DELIM, "\\", TextFormat.NULL_FORMAT, "NULL",
                TextFormat.COLLECTION_DELIM, ",", TextFormat.MAPKEY_DELIM, ":");
        assertThat(readBack(text, table)).isEqualTo(values());
    }

    @Test
    void separatorsThatClashFailBeforeTheDirectoryIsReplaced() throws IOException {
        Path out = dir.resolve("kept");
        Files.createDirectories(out);
        Files.writeString(out.resolve("old"), "old");
        RowFormat clash = new RowFormat("|", null, null, null, "|", null);
        assertThatThrownBy(() -> write(out, clash)).isInstanceOf(PlannerException.class)
                .hasMessageContaining("Cannot write the query result to directory " + out)
                .hasMessageContaining("Column 'tags' (array<string>) cannot be read: the field delimiter and the collection items delimiter");
        assertThat(out.resolve("old")).hasContent("old");
    }
}
