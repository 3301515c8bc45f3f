package org.hadoopdb.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HiveTypeTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "INT; int; integer", "integer; int; integer", "BigInt; bigint; bigint", "tinyint; tinyint; smallint",
        "float; float; real", "double; double; double precision", "double precision; double; double precision",
        "decimal; decimal(10,0); numeric(10,0)", "DECIMAL(12, 3); decimal(12,3); numeric(12,3)", "numeric(5); decimal(5,0); numeric(5,0)",
        "string; string; text", "varchar(100); varchar(100); varchar(100)", "char(3); char(3); char(3)",
        "boolean; boolean; boolean", "date; date; date", "timestamp; timestamp; timestamp", "binary; binary; bytea"})
    void parsesPrintsAndMapsToPostgres(String spelling, String printed, String postgres) {
        HiveType t = HiveType.parse(spelling);
        assertThat(t.toString()).isEqualTo(printed);
        assertThat(t.postgresType()).isEqualTo(postgres);
        assertThat(HiveType.parse(printed)).isEqualTo(t);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "varchr(10); Unknown column type 'varchr(10)'",
        "varchar; needs exactly one length",
        "int(3); takes no parameters",
        "decimal(40,2); DECIMAL precision must be between 1 and 38, got 40",
        "decimal(5,6); DECIMAL scale must be between 0 and the precision (5), got 6",
        "char(300); CHAR length must be between 1 and 255, got 300",
        "map<string,int>; Unknown column type"})
    void rejectsWithAClearMessage(String spelling, String message) {
        assertThatThrownBy(() -> HiveType.parse(spelling)).hasMessageContaining(message);
    }
}
