package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.junit.jupiter.api.Test;

class CatalogValidatorTest {

    @Test
    void paperLayoutIsValid() {
        assertThat(CatalogValidator.problems(CatalogFixtures.paperLayout(4, 3, 2))).isEmpty();
    }

    @Test
    void chunkOnUnknownNodeIsNamed() {
        Catalog c = CatalogFixtures.paperLayout(3, 1, 1);
        TableInfo uv = c.table("uservisits");
        List<ChunkInfo> chunks = new ArrayList<>(uv.chunks());
        ChunkInfo first = chunks.get(0);
        chunks.set(0, new ChunkInfo(0, first.schema(), first.table(), "node9", List.of(), 1, 1));
        Catalog broken = c.withTable(uv.withData(chunks, uv.stats(), uv.generation()));
        assertThatThrownBy(() -> CatalogValidator.validate(broken, "/cat/catalog-00000002.xml"))
                .hasMessageContaining("/cat/catalog-00000002.xml")
                .hasMessageContaining("table 'uservisits' chunk 0 references unknown node 'node9'");
    }

    @Test
    void everyProblemIsListedAtOnce() {
        Catalog c = CatalogFixtures.withNodes(2);
        TableInfo noScheme = TableInfo.created("a", List.of(new ColumnInfo("x", HiveType.INT)), Distribution.HASH,
                "nope", List.of("y"), List.of("z"), List.of(), List.of());
        TableInfo dupColumns = TableInfo.created("b", List.of(new ColumnInfo("x", HiveType.INT), new ColumnInfo("X", HiveType.STRING)),
                Distribution.REPLICATED, null, List.of(), List.of(), List.of(), List.of());
        Catalog broken = new Catalog(1, 0, "c", null, null, c.nodes(), List.of(), List.of(noScheme, dupColumns, dupColumns), List.of(), List.of());
        assertThat(CatalogValidator.problems(broken)).containsExactlyInAnyOrder(
                "duplicate table 'b'",
                "table 'a' names partition key 'y', which is not one of its columns",
                "table 'a' names sort column 'z', which is not one of its columns",
                "table 'a' references unknown partitioning scheme 'nope'",
                "table 'b' has two columns named 'x'",
                "table 'b' has two columns named 'x'");
    }

    @Test
    void keyTypeMustMatchTheScheme() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1);
        TableInfo uv = c.table("uservisits");
        TableInfo byDuration = new TableInfo(uv.name(), uv.columns(), Distribution.HASH, uv.scheme(), List.of("duration"),
                List.of(), List.of(), List.of(), 0, null, null);
        assertThat(CatalogValidator.problems(c.withTable(byDuration)))
                .containsExactly("table 'uservisits' has partition key types [INTEGER] but its scheme '"
                        + uv.scheme() + "' hashes [STRING]");
    }

    @Test
    void replicaCountMustMatchReplication() {
        Catalog c = CatalogFixtures.paperLayout(3, 1, 2);
        TableInfo r = c.table("rankings");
        List<ChunkInfo> chunks = new ArrayList<>(r.chunks());
        ChunkInfo first = chunks.get(0);
        chunks.set(0, new ChunkInfo(0, first.schema(), first.table(), first.primary(), List.of(), 1, 1));
        assertThat(CatalogValidator.problems(c.withTable(r.withData(chunks, r.stats(), 1))))
                .anySatisfy(p -> assertThat(p).contains("chunk 0 has 1 copies").contains("replication 2"));
    }
}
