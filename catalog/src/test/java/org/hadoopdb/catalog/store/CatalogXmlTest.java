package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.HiveType;
import org.junit.jupiter.api.Test;

class CatalogXmlTest {

    @Test
    void roundTripsEveryPartOfTheModel() {
        Catalog original = CatalogFixtures.paperLayout(3, 2, 2).asPublished(7, "2026-11-22T10:00:00Z", "tester");
        String xml = CatalogXml.toXml(original);
        Catalog back = CatalogXml.fromXml(xml, "memory");
        assertThat(back).isEqualTo(original);
        assertThat(back.table("uservisits").column("adrevenue").type()).isEqualTo(HiveType.FLOAT);
        assertThat(back.node("node2").credential()).isEqualTo(CredentialRef.env("PG_NODE2_PASSWORD"));
        assertThat(back.table("rankings").chunks()).hasSize(6);
        assertThat(back.table("rankings").chunks().get(0).replicas()).hasSize(1);
    }

    @Test
    void emptyCatalogRoundTrips() {
        Catalog empty = Catalog.empty("c").asPublished(1, "t", "me");
        assertThat(CatalogXml.fromXml(CatalogXml.toXml(empty), "memory")).isEqualTo(empty);
    }

    @Test
    void xmlIsReadableAndHoldsNoPassword() {
        String xml = CatalogXml.toXml(CatalogFixtures.paperLayout(2, 1, 1));
        assertThat(xml).contains("<table name=\"uservisits\"", "<column name=\"sourceip\" type=\"varchar(16)\"/>",
                "<credential>env:PG_NODE2_PASSWORD</credential>", "<partitionKey>desturl</partitionKey>");
        assertThat(xml.toLowerCase()).doesNotContain("password>");
    }

    @Test
    void unknownElementIsReportedWithFileAndLine() {
        String xml = """
                <?xml version='1.0' encoding='UTF-8'?>
                <catalog formatVersion="1" version="1" cluster="c">
                  <cluster-name>x</cluster-name>
                  <colour>blue</colour>
                </catalog>
                """;
        assertThatThrownBy(() -> CatalogXml.fromXml(xml, "/tmp/cat/catalog-00000001.xml"))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("/tmp/cat/catalog-00000001.xml")
                .hasMessageContaining("near line")
                .hasMessageContaining("in <catalog/cluster-name>")
                .hasMessageContaining("Unrecognized field \"cluster-name\"");
    }

    @Test
    void badColumnTypeIsReportedWithTheTypeName() {
        String xml = """
                <catalog formatVersion="1" version="1" cluster="c">
                  <table name="t" distribution="REPLICATED" generation="0">
                    <column name="a" type="varchr(10)"/>
                  </table>
                </catalog>
                """;
        assertThatThrownBy(() -> CatalogXml.fromXml(xml, "f.xml"))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("f.xml")
                .hasMessageContaining("Unknown column type 'varchr(10)'");
    }

    @Test
    void missingColumnTypeIsReported() {
        String xml = """
                <catalog formatVersion="1" version="1" cluster="c">
                  <table name="t" distribution="REPLICATED" generation="0"><column name="a"/></table>
                </catalog>
                """;
        assertThatThrownBy(() -> CatalogXml.fromXml(xml, "f.xml")).hasMessageContaining("Column 'a' has no type");
    }

    @Test
    void plaintextPasswordIsRejected() {
        String xml = """
                <catalog formatVersion="1" version="1" cluster="c">
                  <node id="n1" embedded="false"><host>h</host><jdbcUrl>jdbc:postgresql://h/db</jdbcUrl>
                    <user>u</user><credential>secret123</credential></node>
                </catalog>
                """;
        assertThatThrownBy(() -> CatalogXml.fromXml(xml, "f.xml"))
                .hasMessageContaining("Unknown credential reference")
                .hasMessageContaining("never stored in the catalog");
    }

    @Test
    void newerFormatIsRefused() {
        String xml = "<catalog formatVersion=\"99\" version=\"1\" cluster=\"c\"/>";
        assertThatThrownBy(() -> CatalogXml.fromXml(xml, "f.xml")).hasMessageContaining("format version 99");
    }
}
