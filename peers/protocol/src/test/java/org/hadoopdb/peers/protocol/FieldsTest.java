package org.hadoopdb.peers.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldsTest {
    @Test
    void anyTextSurvivesOneLine() {
        List<String> fields = Arrays.asList("a\tb", "line\nbreak\r", "back\\slash", "", null, "\\N", "x");
        String line = Fields.join(fields);
        assertThat(line).doesNotContain("\n").doesNotContain("\r");
        assertThat(Fields.split(line)).containsExactlyElementsOf(fields);
    }

    @Test
    void aLineEndingInsideAnEscapeIsRefused() {
        assertThatThrownBy(() -> Fields.split("abc\\")).isInstanceOf(PeerException.class).hasMessageContaining("escape");
    }

    @Test
    void tablesTravelAsFields() {
        PeerTable t = new PeerTable("uservisits", "/data/uv", '|', List.of(new PeerTable.Column("sourceip", PeerTable.Type.STRING),
                new PeerTable.Column("visitdate", PeerTable.Type.DATE)));
        assertThat(PeerTable.fromFields(Fields.split(Fields.join(t.toFields())))).isEqualTo(t);
    }
}
