package org.hadoopdb.loader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.PartitionInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.junit.jupiter.api.Test;

/** The partition a load writes: parsed from {@code hadoopdb load --partition}, and carried in a job configuration. */
class PartitionWriteTest {
    private static final TableInfo LOGS = new TableInfo("logs", List.of(new ColumnInfo("ip", HiveType.STRING),
            new ColumnInfo("dt", HiveType.DATE), new ColumnInfo("hr", HiveType.TINYINT)), Distribution.RANDOM, "s1", List.of(),
            List.of(), List.of(), List.of(), 0, null, null, List.of("dt", "hr"), List.of());

    @Test
    void aPartitionIsParsedInTheTablesColumnOrderWithCanonicalValues() {
        PartitionWrite w = PartitionWrite.parse(LOGS, "HR=07,dt=2020-01-01", true);
        assertThat(w.staticValues()).containsExactly("2020-01-01", "7");
        assertThat(w.written()).containsExactly(new PartitionInfo(List.of("2020-01-01", "7")));
        assertThat(w.replaced()).isEqualTo(w.written());
        assertThat(PartitionWrite.parse(LOGS, "dt=2020-01-01,hr=1", false).replaced()).isEmpty();
    }

    @Test
    void mistakesAreNamed() {
        assertThatThrownBy(() -> PartitionWrite.parse(LOGS, "dt=2020-01-01", false))
                .hasMessageContaining("no value for partition column 'hr'");
        assertThatThrownBy(() -> PartitionWrite.parse(LOGS, "dt=2020-01-01,hr=1,ip=x", false))
                .hasMessageContaining("'ip=x' is not column=value of a partition column");
        assertThatThrownBy(() -> PartitionWrite.parse(LOGS, "dt=2020-01-01,hr=300", false))
                .hasMessageContaining("'300' is not a value of partition column 'hr' (tinyint)");
        assertThatThrownBy(() -> PartitionWrite.parse(LOGS, "dt=1,dt=2,hr=1", false)).hasMessageContaining("twice");
    }

    @Test
    void partitionsSurviveTheirTextForm() {
        List<PartitionInfo> partitions = List.of(new PartitionInfo(List.of("a,b;c", "%")), new PartitionInfo(List.of("", "x y")));
        assertThat(PartitionWrite.decode(PartitionWrite.encode(partitions))).isEqualTo(partitions);
        assertThat(PartitionWrite.decodeValues(PartitionWrite.encodeValues(List.of("", "=,")))).containsExactly("", "=,");
        assertThat(PartitionWrite.decode("")).isEmpty();
    }
}
