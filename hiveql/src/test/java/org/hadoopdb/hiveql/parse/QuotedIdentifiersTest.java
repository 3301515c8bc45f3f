package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.hadoopdb.hiveql.HiveQlException;
import org.junit.jupiter.api.Test;

class QuotedIdentifiersTest {
    @Test
    void underStandardDoubleQuotedTokensBecomeNamesAndNothingElseChanges() {
        String spark = "SELECT \"id\",\"name\" FROM t WHERE \"id\" > 5 AND s = 'a\"b' -- \"comment\"\n AND `x` = \"y\"";
        assertThat(QuotedIdentifiers.STANDARD.apply(spark))
                .isEqualTo("SELECT `id`,`name` FROM t WHERE `id` > 5 AND s = 'a\"b' -- \"comment\"\n AND `x` = `y`");
        assertThat(QuotedIdentifiers.STANDARD.apply("SELECT \"we\\\"ird`name\", 'ü' FROM \"Zoë\""))
                .isEqualTo("SELECT `we\"ird``name`, 'ü' FROM `Zoë`");
    }

    @Test
    void underColumnAndInSetStatementsTheTextIsKept() {
        String q = "SELECT \"id\" FROM t";
        assertThat(QuotedIdentifiers.COLUMN.apply(q)).isSameAs(q);
        assertThat(QuotedIdentifiers.STANDARD.apply("SET mapreduce.job.name=\"x\"")).isEqualTo("SET mapreduce.job.name=\"x\"");
    }

    @Test
    void theSettingTakesColumnOrStandard() {
        assertThat(QuotedIdentifiers.of(null)).isEqualTo(QuotedIdentifiers.COLUMN);
        assertThat(QuotedIdentifiers.of(" Standard ")).isEqualTo(QuotedIdentifiers.STANDARD);
        assertThatThrownBy(() -> QuotedIdentifiers.of("none")).isInstanceOf(HiveQlException.class)
                .hasMessageContaining("hive.support.quoted.identifiers").hasMessageContaining("'standard'");
    }
}
