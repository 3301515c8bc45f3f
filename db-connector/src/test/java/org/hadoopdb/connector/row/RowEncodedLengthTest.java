package org.hadoopdb.connector.row;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Row#encodedLength()} is the length of what {@link Row#write} writes, for every type and value. */
class RowEncodedLengthTest {

    @Test
    void typicalExtremeAndNullRowsMeasureWhatTheyEncodeTo() {
        for (Row row : new Row[] {TestSchemas.typical(), TestSchemas.extremes(), TestSchemas.allNull()}) {
            assertThat(row.encodedLength()).as(row.toString()).isEqualTo(Writables.serialize(row).length);
        }
    }

    @Test
    void randomRowsOfEveryTypeMeasureWhatTheyEncodeTo() {
        Random random = new Random(24);
        for (int i = 0; i < 2_000; i++) {
            Row row = RandomValues.row(random, TestSchemas.ALL_TYPES, 0.2);
            long measured = row.encodedLength();
            assertThat(measured).as(row.toString()).isEqualTo(Writables.serialize(row).length);
            // measuring leaves the row as it was: it still encodes to the same length
            assertThat(Writables.serialize(row).length).isEqualTo((int) measured);
        }
    }

    @Test
    void complexValuesMeasureTheirStoredJson() {
        RowSchema schema = RowSchema.builder().add("a", "array<int>").add("m", "map<string,double>")
                .add("st", "struct<x:int,y:string>").build();
        Random random = new Random(7);
        for (int i = 0; i < 500; i++) {
            Row row = RandomValues.row(random, schema, 0.2);
            assertThat(row.encodedLength()).as(row.toString()).isEqualTo(Writables.serialize(row).length);
        }
    }

    @Test
    void stringsAreMeasuredInUtf8IncludingSupplementaryCharactersAndLoneSurrogates() {
        RowSchema schema = RowSchema.builder().add("s", "string").build();
        for (String s : new String[] {"", "abc", "é", "€", "😀x", "\uD800", "a\uDC00b", "\uD83D"}) {
            Row row = Row.of(schema, s);
            assertThat(row.encodedLength()).as(s).isEqualTo(Writables.serialize(row).length);
        }
    }

    @Test
    void aRowReadBackFromItsEncodingMeasuresTheSame() {
        Row row = TestSchemas.typical();
        Row back = Writables.deserialize(Writables.serialize(row), new Row(row.schema()));
        assertThat(back.encodedLength()).isEqualTo(row.encodedLength());
    }
}
