package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.hadoopdb.connector.ConnectorException;
import org.junit.jupiter.api.Test;

class ChunkReadSettingsTest {

    private static ChunkReadSettings withSessionSettings(String text) {
        return new ChunkReadSettings(100, Duration.ZERO, Duration.ofSeconds(10), ChunkReadSettings.parse(text));
    }

    @Test
    void sessionSettingsAreParsedInOrder() {
        assertThat(withSessionSettings("work_mem=256MB; jit = off;").sessionSettings())
                .containsEntry("work_mem", "256MB").containsEntry("jit", "off").hasSize(2);
    }

    @Test
    void aSettingTheGeneratedSqlReliesOnCannotBeChangedPerJob() {
        // SET LOCAL after the session's own settings would switch string literals back to backslash escapes
        for (String text : new String[] {"standard_conforming_strings=off", "Search_Path=public", "datestyle=SQL",
                "TimeZone=Europe/Paris", "extra_float_digits=0", "bytea_output=escape"}) {
            assertThatThrownBy(() -> withSessionSettings(text)).as(text)
                    .isInstanceOf(ConnectorException.class)
                    .hasMessageContaining(text.substring(0, text.indexOf('=')))
                    .hasMessageContaining("cannot be changed");
        }
    }

    @Test
    void aNameThatIsNotASettingIsRefused() {
        assertThatThrownBy(() -> withSessionSettings("work_mem TO 1 --=64MB"))
                .isInstanceOf(ConnectorException.class).hasMessageContaining("not a PostgreSQL setting name");
    }

    @Test
    void resumeMaxRowsComesFromTheConfigurationAndMustNotBeNegative() {
        org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
        assertThat(ChunkReadSettings.from(org.hadoopdb.catalog.config.HadoopDbConfig.of(conf)).resumeMaxRows()).isEqualTo(2_000_000);
        conf.set("hadoopdb.connector.resume-max-rows", "0");
        assertThat(ChunkReadSettings.from(org.hadoopdb.catalog.config.HadoopDbConfig.of(conf)).resumeMaxRows()).isZero();
        assertThatThrownBy(() -> new ChunkReadSettings(100, Duration.ZERO, Duration.ofSeconds(10), java.util.Map.of(), -1))
                .isInstanceOf(ConnectorException.class).hasMessageContaining("hadoopdb.connector.resume-max-rows");
    }
}
