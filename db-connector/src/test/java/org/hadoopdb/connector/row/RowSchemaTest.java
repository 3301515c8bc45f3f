package org.hadoopdb.connector.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.ConnectorException;
import org.junit.jupiter.api.Test;

class RowSchemaTest {

    @Test
    void aSchemaWithoutFieldsSurvivesAJobConfigurationFile() throws Exception {
        org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
        RowSchema.builder().build().store(conf, "k");
        java.io.ByteArrayOutputStream xml = new java.io.ByteArrayOutputStream();
        conf.writeXml(xml);
        org.apache.hadoop.conf.Configuration read = new org.apache.hadoop.conf.Configuration(false);
        read.addResource(new java.io.ByteArrayInputStream(xml.toByteArray()));
        assertThat(RowSchema.load(read, "k").size()).isZero();
    }

    @Test
    void textFormRoundTripsEveryTypeAndAwkwardNames() {
        RowSchema schema = RowSchema.builder()
                .add("plain_1", HiveType.INT)
                .add("with space;colon:percent%", HiveType.decimal(12, 3))
                .add("\u00fcnicode\u4e2d", HiveType.varchar(7))
                .add("c", HiveType.charType(3))
                .add("A", HiveType.STRING)
                .add("A", HiveType.BINARY)
                .build();
        String text = schema.toText();
        assertThat(text).startsWith("plain_1:int;with%20space%3Bcolon%3Apercent%25:decimal(12,3);");
        assertThat(RowSchema.parse(text)).isEqualTo(schema);
        assertThat(RowSchema.parse(TestSchemas.ALL_TYPES.toText())).isEqualTo(TestSchemas.ALL_TYPES);
        assertThat(RowSchema.parse("")).isEqualTo(RowSchema.of());
    }

    @Test
    void storesInAConfiguration() {
        Configuration conf = new Configuration(false);
        TestSchemas.ALL_TYPES.store(conf, "my.schema");
        assertThat(RowSchema.load(conf, "my.schema")).isEqualTo(TestSchemas.ALL_TYPES);
        assertThatThrownBy(() -> RowSchema.load(conf, "other.schema")).isInstanceOf(ConnectorException.class)
                .hasMessageContaining("'other.schema'");
    }

    @Test
    void isAWritableFilledOnce() {
        RowSchema placeholder = new RowSchema();
        Writables.deserialize(Writables.serialize(TestSchemas.ALL_TYPES), placeholder);
        assertThat(placeholder).isEqualTo(TestSchemas.ALL_TYPES).hasSameHashCodeAs(TestSchemas.ALL_TYPES);
        assertThatThrownBy(() -> Writables.deserialize(Writables.serialize(TestSchemas.ALL_TYPES), placeholder))
                .isInstanceOf(ConnectorException.class).hasMessageContaining("immutable");
    }

    @Test
    void fromATable() {
        TableInfo t = TableInfo.created("T", List.of(new ColumnInfo("Id", HiveType.BIGINT), new ColumnInfo("name", HiveType.STRING)),
                Distribution.RANDOM, "s", List.of(), List.of(), List.of(), List.of());
        RowSchema schema = RowSchema.of(t);
        assertThat(schema.names()).containsExactly("id", "name");
        assertThat(schema.types()).containsExactly(HiveType.BIGINT, HiveType.STRING);
        assertThat(schema.fieldIndex("NAME")).isEqualTo(1);
        assertThatThrownBy(() -> schema.fieldIndex("nme")).isInstanceOf(ConnectorException.class)
                .hasMessageContaining("did you mean 'name'");
        assertThat(schema.project(1, 0).names()).containsExactly("name", "id");
        assertThat(schema).hasToString("(id bigint, name string)");
    }

    @Test
    void rejectsMalformedText() {
        assertThatThrownBy(() -> RowSchema.parse("a:int;b")).isInstanceOf(ConnectorException.class).hasMessageContaining("'b'");
        assertThatThrownBy(() -> RowSchema.parse("a:integral")).isInstanceOf(ConnectorException.class)
                .hasMessageContaining("integral");
    }
}
