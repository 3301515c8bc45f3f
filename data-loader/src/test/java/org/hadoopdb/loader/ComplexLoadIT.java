package org.hadoopdb.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.loader.physical.PhysicalNames;
import org.hadoopdb.loader.table.TableDefinition;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.loader.text.TextFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loads ARRAY, MAP and STRUCT columns from Hive's delimited text into the chunks' jsonb columns. */
class ComplexLoadIT {
    @TempDir
    Path dir;

    @Test
    void complexColumnsAreStoredAsTheirJsonAndReadBackAsTheirValues() throws Exception {
        String name = LoadTesting.uniqueName("complex");
        // the table's own separators must reach the Global Hasher's tasks through the job's configuration
        new TableManager(LoadTesting.config()).create(TableDefinition.builder(name).column("id", "int")
                .column("tags", "array<string>").column("scores", "map<string,int>").column("info", "struct<a:int,b:array<string>>")
                .hashedBy("id").chunksPerNode(1).replication(1)
                .format(TextFormat.HIVE_DEFAULT.withDelimiter('|').withCollectionDelimiter(',').withMapKeyDelimiter(':')).build(), false);
        Path input = LoadTesting.write(dir.resolve("in.txt"), List.of(
                "1|a,b|x:1,y:2|7,p:q",           // a struct's array is at level 2: the map keys delimiter separates its items
                "2|||\\N",                       // empty array and map, NULL struct
                "3|\\N,c|z:\\N|\\N,",             // NULL items, a NULL map value, a NULL field and an empty array
                "4|x|bad:y|1,",                  // rejected: 'y' is not an int
                "5|é€,\"quoted\",a\tb|k:-5|-1,s\\t"));

        LoadReport report = new Loader(LoadTesting.config()).load(LoadSpec.builder(name).input(input.toString()).maxRejects("1").build(),
                LoadProgressListener.NONE);

        assertThat(report.rowsLoaded()).isEqualTo(4);
        assertThat(report.rowsRejected()).isEqualTo(1);
        String rejects = Files.readString(Path.of(java.net.URI.create(report.rejectFile())));
        assertThat(rejects).contains("in.txt\t4\tcolumn 3 'scores' (map<string,int>): value of entry 1: 'y' is not an int\t4|x|bad:y|1,");

        TableInfo table = LoadTesting.catalog().table(name);
        Map<Integer, List<String>> json = new TreeMap<>();
        List<Row> rows = new ArrayList<>();
        try (NodePools pools = new NodePools(LoadTesting.config())) {
            for (ChunkInfo chunk : table.chunks()) {
                json.putAll(jsonText(pools, chunk));
                rows.addAll(LoadTesting.rows(pools, table, chunk, chunk.primary()));
            }
        }
        assertThat(json).containsExactly(
                Map.entry(1, Arrays.asList("[\"a\", \"b\"]", "[[\"x\", 1], [\"y\", 2]]", "[7, [\"p\", \"q\"]]")),
                Map.entry(2, Arrays.asList("[]", "[]", null)),
                Map.entry(3, Arrays.asList("[null, \"c\"]", "[[\"z\", null]]", "[null, []]")),
                Map.entry(5, Arrays.asList("[\"é€\", \"\\\"quoted\\\"\", \"a\\tb\"]", "[[\"k\", -5]]", "[-1, [\"s\\\\t\"]]")));

        Row one = rows.stream().filter(r -> r.getInt(0) == 1).findFirst().orElseThrow();
        assertThat(one.getComplex(1)).isEqualTo(List.of("a", "b"));
        assertThat(one.getComplex(2)).isEqualTo(Map.of("x", 1, "y", 2));
        assertThat(one.getComplex(3)).isEqualTo(List.of(7, List.of("p", "q")));
        Row three = rows.stream().filter(r -> r.getInt(0) == 3).findFirst().orElseThrow();
        assertThat(three.getComplex(1)).isEqualTo(Arrays.asList(null, "c"));
        assertThat(three.getComplex(3)).isEqualTo(Arrays.asList(null, List.of()));

        assertThat(table.stats().rows()).isEqualTo(4);
        assertThat(table.stats().column("info").orElseThrow().nullFraction()).as("complex columns are counted").isEqualTo(0.25);
        assertThat(table.stats().column("tags").orElseThrow().min()).isNull();
    }

    /** Each row's complex columns as PostgreSQL prints their jsonb, by id. */
    private static Map<Integer, List<String>> jsonText(NodePools pools, ChunkInfo chunk) throws SQLException {
        Map<Integer, List<String>> out = new TreeMap<>();
        try (Connection c = pools.connect(LoadTesting.catalog().node(chunk.primary())); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT id, tags::text, scores::text, info::text, pg_typeof(tags)::text FROM "
                     + PhysicalNames.qualified(chunk.schema(), chunk.table()))) {
            while (rs.next()) {
                assertThat(rs.getString(5)).isEqualTo("jsonb");
                out.put(rs.getInt(1), Arrays.asList(rs.getString(2), rs.getString(3), rs.getString(4)));
            }
        }
        return out;
    }
}
