package org.hadoopdb.jdbc.client.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CreateTableColumnsTest {
    @Test
    void notNullEndingAColumnDefinitionGoes() {
        // Spark's text: each column "name type nullable", nullable empty or NOT NULL
        assertThat(CreateTableColumns.withoutNotNull("`id` BIGINT NOT NULL, `v` INT , `s` STRING NOT NULL"))
                .isEqualTo("`id` BIGINT, `v` INT , `s` STRING");
        assertThat(CreateTableColumns.withoutNotNull("`id` INT ")).isEqualTo("`id` INT");
    }

    @Test
    void namesAndTypesThatMerelyContainTheWordsStay() {
        assertThat(CreateTableColumns.withoutNotNull("`a NOT NULL` INT NOT NULL, `x`` NOT NULL, y` STRING"))
                .isEqualTo("`a NOT NULL` INT, `x`` NOT NULL, y` STRING");
        assertThat(CreateTableColumns.withoutNotNull("`NOT NULL` DECIMAL(10,2)")).isEqualTo("`NOT NULL` DECIMAL(10,2)");
    }
}
