package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.row.HiveText;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;

/**
 * ARRAY, MAP and STRUCT columns end to end: loaded from Hive's delimited text, stored as jsonb in the
 * chunks, read by struct field, index and LATERAL VIEW, aggregated into arrays, written back by INSERT.
 * The reference is one PostgreSQL holding the same data relationally (a table of the documents and one
 * per collection, an element per row with its position), so every answer is checked against plain SQL.
 * Each query runs with its small stages in the client and again as MapReduce jobs.
 */
class ComplexTypesDifferentialIT {
    private static final String[] TAGS = {"red", "green", "blue", "x y", "é"};
    private static HadoopDbEngine engine;
    private static Session session;
    private static Differential diff;
    private static Differential asJobs;
    /** The display text of the row with id 7, as the generator wrote it. */
    private static final List<String> ROW_7 = new ArrayList<>();

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of());
        NodeInfo reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, "complex_reference", 9);
        asJobs = diff.through(engine.openSession(Differential.AS_JOBS));
        Data data = generate(80);
        run("DROP TABLE IF EXISTS docs");
        run("DROP TABLE IF EXISTS docs_copy");
        String columns = "(id INT, tags ARRAY<STRING>, props MAP<STRING,INT>, author STRUCT<name:STRING, age:INT>, "
                + "items ARRAY<STRUCT<sku:STRING,qty:INT>>, js STRING)";
        String format = " CLUSTERED BY (id) INTO 4 BUCKETS ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' "
                + "COLLECTION ITEMS TERMINATED BY ',' MAP KEYS TERMINATED BY ':'";
        run("CREATE TABLE docs " + columns + format);
        run("CREATE TABLE docs_copy " + columns + format);
        Path file = Files.writeString(files.resolve("docs.txt"), data.hive, StandardCharsets.UTF_8);
        run("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE docs");
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS complex_reference CASCADE");
            st.execute("CREATE SCHEMA complex_reference");
            st.execute("CREATE TABLE complex_reference.docs (id int, author_name text, author_age int, tags_null boolean, "
                    + "props_null boolean, items_null boolean, js text)");
            st.execute("CREATE TABLE complex_reference.doc_tags (id int, pos int, tag text)");
            st.execute("CREATE TABLE complex_reference.doc_props (id int, pos int, k text, v int)");
            st.execute("CREATE TABLE complex_reference.doc_items (id int, pos int, sku text, qty int)");
            var copy = c.unwrap(PGConnection.class).getCopyAPI();
            for (var e : data.postgres.entrySet()) {
                copy.copyIn("COPY complex_reference." + e.getKey() + " FROM STDIN WITH (FORMAT text, DELIMITER '|')",
                        new StringReader(e.getValue().toString()));
            }
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        run("DROP TABLE IF EXISTS docs");
        run("DROP TABLE IF EXISTS docs_copy");
        session.close();
        engine.close();
    }

    private static StatementResult run(String sql) {
        return session.execute(SourceSpan.of(sql), StatementListener.NONE);
    }

    /** The HiveQL text of each document and the relational rows of the reference. */
    private record Data(String hive, Map<String, StringBuilder> postgres) {
    }

    private static Data generate(int n) {
        Random r = new Random(42);
        StringBuilder hive = new StringBuilder();
        Map<String, StringBuilder> pg = Map.of("docs", new StringBuilder(), "doc_tags", new StringBuilder(),
                "doc_props", new StringBuilder(), "doc_items", new StringBuilder());
        for (int id = 1; id <= n; id++) {
            List<String> display = new ArrayList<>();
            // tags: NULL, empty, or up to 4 elements, one of them sometimes NULL
            String tags;
            boolean tagsNull = r.nextInt(10) == 0;
            if (tagsNull) {
                tags = "\\N";
                display.add("NULL");
            } else {
                List<String> items = new ArrayList<>();
                List<String> shown = new ArrayList<>();
                for (int i = 0, count = r.nextInt(5); i < count; i++) {
                    // Hive's text cannot hold a one-item array of NULL: "\N" is a NULL array
                    boolean nullItem = r.nextInt(8) == 0 && count > 1;
                    String tag = TAGS[r.nextInt(TAGS.length)];
                    items.add(nullItem ? "\\N" : tag);
                    shown.add(nullItem ? "null" : "\"" + tag + "\"");
                    pg.get("doc_tags").append(id).append('|').append(i).append('|').append(nullItem ? "\\N" : tag).append('\n');
                }
                tags = String.join(",", items);
                display.add("[" + String.join(",", shown) + "]");
            }
            String props;
            boolean propsNull = r.nextInt(10) == 0;
            if (propsNull) {
                props = "\\N";
                display.add("NULL");
            } else {
                List<String> entries = new ArrayList<>();
                List<String> shown = new ArrayList<>();
                int first = r.nextInt(5);
                for (int i = 0, count = r.nextInt(4); i < count; i++) {
                    String k = "k" + ((first + i) % 5);
                    int v = r.nextInt(100) - 20;
                    entries.add(k + ":" + v);
                    shown.add("\"" + k + "\":" + v);
                    pg.get("doc_props").append(id).append('|').append(i).append('|').append(k).append('|').append(v).append('\n');
                }
                props = String.join(",", entries);
                display.add("{" + String.join(",", shown) + "}");
            }
            boolean authorNull = r.nextInt(12) == 0;
            String name = "author" + r.nextInt(9);
            int age = 18 + r.nextInt(60);
            String author = authorNull ? "\\N" : name + "," + age;
            display.add(authorNull ? "NULL" : "{\"name\":\"" + name + "\",\"age\":" + age + "}");
            boolean itemsNull = r.nextInt(10) == 0;
            String items;
            if (itemsNull) {
                items = "\\N";
                display.add("NULL");
            } else {
                List<String> structs = new ArrayList<>();
                List<String> shown = new ArrayList<>();
                for (int i = 0, count = r.nextInt(4); i < count; i++) {
                    String sku = "s" + r.nextInt(6);
                    int qty = 1 + r.nextInt(20);
                    structs.add(sku + ":" + qty);
                    shown.add("{\"sku\":\"" + sku + "\",\"qty\":" + qty + "}");
                    pg.get("doc_items").append(id).append('|').append(i).append('|').append(sku).append('|').append(qty).append('\n');
                }
                items = String.join(",", structs);
                display.add("[" + String.join(",", shown) + "]");
            }
            String js = r.nextInt(7) == 0 ? "not json" : "{\"a\":" + r.nextInt(50) + ",\"b\":\"w" + r.nextInt(4) + "\"}";
            hive.append(id).append('|').append(tags).append('|').append(props).append('|').append(author).append('|')
                    .append(items).append('|').append(js).append('\n');
            pg.get("docs").append(id).append('|').append(authorNull ? "\\N" : name).append('|').append(authorNull ? "\\N" : age)
                    .append('|').append(tagsNull ? 't' : 'f').append('|').append(propsNull ? 't' : 'f').append('|')
                    .append(itemsNull ? 't' : 'f').append('|').append(js).append('\n');
            if (id == 7) {
                ROW_7.addAll(display);
            }
        }
        return new Data(hive.toString(), pg);
    }

    private record Query(String hive, String pg) {
    }

    static List<Query> queries() {
        return List.of(
            new Query("SELECT id, pos, t FROM docs LATERAL VIEW posexplode(tags) x AS pos, t", "SELECT id, pos, tag FROM doc_tags"),
            new Query("SELECT id, t FROM docs LATERAL VIEW OUTER explode(tags) x AS t",
                    "SELECT d.id, t.tag FROM docs d LEFT JOIN doc_tags t ON t.id = d.id"),
            new Query("SELECT explode(tags) AS t FROM docs", "SELECT tag FROM doc_tags"),
            new Query("SELECT k, count(*), sum(v) FROM docs LATERAL VIEW explode(props) p AS k, v GROUP BY k",
                    "SELECT k, count(*), sum(v) FROM doc_props GROUP BY k"),
            new Query("SELECT id, author.name, d.author.age FROM docs d WHERE author.age > 40",
                    "SELECT id, author_name, author_age FROM docs WHERE author_age > 40"),
            new Query("SELECT sku, sum(qty), count(*) FROM docs LATERAL VIEW inline(items) i GROUP BY sku",
                    "SELECT sku, sum(qty), count(*) FROM doc_items GROUP BY sku"),
            new Query("SELECT id, i.sku, t FROM docs LATERAL VIEW explode(items) x AS i LATERAL VIEW explode(tags) y AS t "
                    + "WHERE id < 30", "SELECT i.id, i.sku, t.tag FROM doc_items i JOIN doc_tags t ON t.id = i.id WHERE i.id < 30"),
            new Query("SELECT id, size(tags), size(props), tags[0], props['k1'], array_contains(tags, 'red') FROM docs",
                    "SELECT d.id, CASE WHEN tags_null THEN -1 ELSE (SELECT count(*) FROM doc_tags t WHERE t.id = d.id) END, "
                    + "CASE WHEN props_null THEN -1 ELSE (SELECT count(*) FROM doc_props p WHERE p.id = d.id) END, "
                    + "(SELECT tag FROM doc_tags t WHERE t.id = d.id AND pos = 0), "
                    + "(SELECT v FROM doc_props p WHERE p.id = d.id AND k = 'k1'), "
                    + "EXISTS (SELECT 1 FROM doc_tags t WHERE t.id = d.id AND tag = 'red') "
                    + "FROM docs d"),
            new Query("SELECT id, size(collect_list(t)), size(collect_set(t)) FROM docs LATERAL VIEW explode(tags) x AS t GROUP BY id",
                    "SELECT id, count(tag), count(DISTINCT tag) FROM doc_tags GROUP BY id"),
            new Query("SELECT sku, percentile(qty, 0.5), percentile(qty, 0.25) FROM docs LATERAL VIEW inline(items) i GROUP BY sku",
                    "SELECT sku, percentile_cont(0.5) WITHIN GROUP (ORDER BY qty), "
                    + "percentile_cont(0.25) WITHIN GROUP (ORDER BY qty) FROM doc_items GROUP BY sku"),
            new Query("SELECT id, a, b FROM docs LATERAL VIEW json_tuple(js, 'a', 'b') j AS a, b",
                    "SELECT id, CASE WHEN js LIKE '{%' THEN js::jsonb->>'a' END, CASE WHEN js LIKE '{%' THEN js::jsonb->>'b' END FROM docs"));
    }

    @TestFactory
    Stream<DynamicTest> everyQueryGivesPostgresqlsAnswer() {
        return queries().stream().flatMap(q -> Stream.of(
                DynamicTest.dynamicTest(q.hive(), () ->
                        assertThat(diff.hadoopDb(q.hive())).as(q.hive()).isNotEmpty().containsExactlyInAnyOrderElementsOf(diff.postgres(q.pg()))),
                DynamicTest.dynamicTest("as jobs: " + q.hive(), () ->
                        assertThat(asJobs.hadoopDb(q.hive())).as(q.hive()).containsExactlyInAnyOrderElementsOf(diff.postgres(q.pg())))));
    }

    @Test
    void valuesAreShownAsHiveShowsThem() {
        try (ResultStream rows = ((StatementResult.Rows) run("SELECT tags, props, author, items FROM docs WHERE id = 7")).rows()) {
            assertThat(rows.next()).isTrue();
            List<String> shown = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                shown.add(HiveText.field(rows.row(), i));
            }
            assertThat(shown).isEqualTo(ROW_7);
        }
    }

    @Test
    void insertSelectCopiesComplexValuesAndConstructorsBuildThem() throws SQLException {
        run("INSERT OVERWRITE TABLE docs_copy SELECT * FROM docs");
        String explode = "SELECT id, pos, t FROM $t LATERAL VIEW posexplode(tags) x AS pos, t";
        assertThat(diff.hadoopDb(explode.replace("$t", "docs_copy"))).containsExactlyInAnyOrderElementsOf(
                diff.hadoopDb(explode.replace("$t", "docs")));
        // map('k9', 9) is map<string,int> with keys that cannot be NULL: converted to the column's type
        run("INSERT INTO docs_copy SELECT 1000, array('p', 'q'), map('k9', 9), named_struct('name', 'zed', 'age', 99), "
                + "array(named_struct('sku', 's9', 'qty', 1)), '{}' FROM docs WHERE id = 1");
        assertThat(diff.hadoopDb("SELECT tags[1], props['k9'], author.name, items[0].sku FROM docs_copy WHERE id = 1000"))
                .containsExactly("q | 9 | zed | s9");
    }

    @Test
    void complexValuesCannotBeGroupedOrSorted() {
        assertThatThrownBy(() -> run("SELECT tags, count(*) FROM docs GROUP BY tags")).isInstanceOf(SemanticException.class)
                .hasMessageContaining("Column 'tags' is array<string>");
    }
}
