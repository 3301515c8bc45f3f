package org.hadoopdb.planner.sms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.junit.jupiter.api.Test;

/** The placement questions of the split, on the paper's layout (UserVisits and Rankings co-located, countries replicated). */
class PlacementTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);
    private final TableInfo userVisits = catalog.table("uservisits");
    private final TableInfo rankings = catalog.table("rankings");
    private final TableInfo countries = catalog.table("countries");
    private final RexBuilder rex = new RexBuilder(new JavaTypeFactoryImpl());
    private final RelDataType varchar = rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR);

    /** UserVisits' rows: its key destURL is field 1. */
    private Placement.Chunked userVisitsChunks() {
        return chunked(userVisits, List.of(1));
    }

    private Placement.Chunked chunked(TableInfo t, List<Integer> keys) {
        return new Placement.Chunked(t, catalog.scheme(t.scheme()), keys, null, Set.of(t.name()));
    }

    private Placement.Replicated replicated(TableInfo t) {
        return new Placement.Replicated(t, Set.of(t.name()));
    }

    private List<RexNode> refs(int... fields) {
        return java.util.Arrays.stream(fields).mapToObj(f -> (RexNode) rex.makeInputRef(varchar, f)).toList();
    }

    @Test
    void rowsAgreeingOnFieldsThatContainTheKeyAreInOneChunk() {
        assertThat(userVisitsChunks().keepsTogether(ImmutableBitSet.of(1, 3))).isTrue();
        assertThat(userVisitsChunks().keepsTogether(ImmutableBitSet.of(0, 3))).isFalse();
        assertThat(chunked(userVisits, List.of()).keepsTogether(ImmutableBitSet.of(0, 1))).isFalse();
    }

    @Test
    void oneCopyKeepsEverythingTogether() {
        Placement oneChunk = new Placement.Chunked(userVisits, catalog.scheme(userVisits.scheme()), List.of(1),
                new TreeSet<>(List.of(3)), Set.of(userVisits.name()));
        assertThat(oneChunk.singleCopy()).isTrue();
        assertThat(oneChunk.keepsTogether(ImmutableBitSet.of())).isTrue();
        assertThat(replicated(countries).keepsTogether(ImmutableBitSet.of())).isTrue();
        assertThat(new Placement.Single().singleCopy()).isTrue();
        assertThat(userVisitsChunks().singleCopy()).isFalse();
    }

    @Test
    void aProjectionMovesTheKeyWithItsColumnOrDropsIt() {
        assertThat(((Placement.Chunked) userVisitsChunks().afterProject(refs(3, 1))).keyFields()).containsExactly(1);
        assertThat(((Placement.Chunked) userVisitsChunks().afterProject(refs(1, 0))).keyFields()).containsExactly(0);
        assertThat(((Placement.Chunked) userVisitsChunks().afterProject(refs(0, 2))).keyFields()).isEmpty();
        Placement countriesCopy = replicated(countries);
        assertThat(countriesCopy.afterProject(refs(0))).isSameAs(countriesCopy);
    }

    @Test
    void aChunkLocalAggregatePutsTheKeyAtItsGroupPosition() {
        assertThat(((Placement.Chunked) userVisitsChunks().afterAggregate(ImmutableBitSet.of(1, 4))).keyFields())
                .containsExactly(0);
        assertThat(((Placement.Chunked) userVisitsChunks().afterAggregate(ImmutableBitSet.of(0, 1))).keyFields())
                .containsExactly(1);
    }

    @Test
    void aUnionOfColocatedInputsOverTheSameChunksStaysInTheChunksWithoutAKey() {
        Placement union = Placement.unionOf(List.of(userVisitsChunks(), chunked(rankings, List.of(1))));
        assertThat(union).isInstanceOf(Placement.Chunked.class);
        assertThat(((Placement.Chunked) union).keyFields()).isEmpty();
        assertThat(union.tables()).containsExactlyInAnyOrder(userVisits.name(), rankings.name());
    }

    @Test
    void aUnionKeepsTheKeyOnlyWhenEveryInputHasItInTheSameColumns() {
        Placement same = Placement.unionWithSharedKey(List.of(userVisitsChunks(), chunked(rankings, List.of(1))));
        assertThat(((Placement.Chunked) same).keyFields()).containsExactly(1);
        Placement moved = Placement.unionWithSharedKey(List.of(userVisitsChunks(), chunked(rankings, List.of(0))));
        assertThat(((Placement.Chunked) moved).keyFields()).isEmpty();
        assertThat(Placement.unionWithSharedKey(List.of(replicated(countries), replicated(countries))))
                .isInstanceOf(Placement.Replicated.class);
    }

    @Test
    void aUnionOfInputsOverDifferentRowsIsNotChunkLocal() {
        Placement pruned = new Placement.Chunked(userVisits, catalog.scheme(userVisits.scheme()), List.of(1),
                new TreeSet<>(List.of(2)), Set.of(userVisits.name()));
        assertThat(Placement.unionOf(List.of(userVisitsChunks(), pruned))).isNull();
        assertThat(Placement.unionOf(List.of(userVisitsChunks(), replicated(countries)))).isNull();
        assertThat(Placement.unionOf(List.of(replicated(countries), new Placement.Single()))).isNull();
        assertThat(Placement.unionOf(List.of(replicated(countries), replicated(countries))))
                .isInstanceOf(Placement.Replicated.class);
    }
}
