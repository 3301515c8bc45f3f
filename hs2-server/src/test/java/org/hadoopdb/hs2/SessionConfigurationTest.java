package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionConfigurationTest {
    @Test
    void hadoopAndHadoopDbSettingsAreKeptAndHiveOnesLeftOut() {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("set:hiveconf:hive.server2.thrift.resultset.default.fetch.size", "1000");
        conf.put("set:hiveconf:mapreduce.job.queuename", "etl");
        conf.put("set:hivevar:hadoopdb.exec.client-stage.max-rows", "10");
        conf.put("use:database", "default");
        conf.put("something:else", "x");
        conf.put("set:hiveconf:hive.support.quoted.identifiers", "standard");
        assertThat(SessionConfiguration.settings(conf)).containsExactly(Map.entry("mapreduce.job.queuename", "etl"),
                Map.entry("hadoopdb.exec.client-stage.max-rows", "10"), Map.entry("hive.support.quoted.identifiers", "standard"));
        assertThat(SessionConfiguration.settings(null)).isEmpty();
    }

    @Test
    void theDatabaseToUseIsNotASetting() {
        assertThat(SessionConfiguration.settings(Map.of("use:database", "sales"))).isEmpty();
        assertThat(SessionConfiguration.database(Map.of("use:database", " sales "))).isEqualTo("sales");
        assertThat(SessionConfiguration.database(Map.of("use:database", ""))).isNull();
        assertThat(SessionConfiguration.database(null)).isNull();
    }
}
