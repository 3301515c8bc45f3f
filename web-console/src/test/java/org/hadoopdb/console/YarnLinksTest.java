package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.junit.jupiter.api.Test;

/** A stage's job id links to its YARN application's page when the jobs run on YARN, and only then. */
class YarnLinksTest {

    private static Configuration conf(String... keysAndValues) {
        Configuration c = new Configuration(false);
        for (int i = 0; i < keysAndValues.length; i += 2) {
            c.set(keysAndValues[i], keysAndValues[i + 1]);
        }
        return c;
    }

    @Test
    void aYarnJobLinksToItsApplicationOnTheResourceManager() {
        YarnLinks links = YarnLinks.of(conf("mapreduce.framework.name", "yarn", "yarn.resourcemanager.webapp.address", "rm.example:8088"));
        assertThat(links.jobCell("job_1700000000000_0042")).isEqualTo("<a class=\"yarn\" "
                + "href=\"http://rm.example:8088/cluster/app/application_1700000000000_0042\">job_1700000000000_0042</a>");
        // the local runner's jobs and the stages in the client have no page
        assertThat(links.jobCell("job_local1252513411_0001")).isEqualTo("job_local1252513411_0001");
        assertThat(links.jobCell("client")).isEqualTo("client");
    }

    @Test
    void theAddressFollowsTheHostNameAndTheHttpsPolicy() {
        assertThat(YarnLinks.of(conf("mapreduce.framework.name", "yarn", "yarn.resourcemanager.hostname", "rm1")).jobCell("job_1_2"))
                .contains("href=\"http://rm1:8088/cluster/app/application_1_2\"");
        assertThat(YarnLinks.of(conf("mapreduce.framework.name", "yarn", "yarn.http.policy", "HTTPS_ONLY",
                "yarn.resourcemanager.webapp.https.address", "rm1:8090")).jobCell("job_1_2"))
                .contains("href=\"https://rm1:8090/cluster/app/application_1_2\"");
    }

    @Test
    void onTheLocalRunnerNothingIsLinked() {
        assertThat(YarnLinks.of(conf()).jobCell("job_1700000000000_0042")).isEqualTo("job_1700000000000_0042");
    }

    @Test
    void theQueryPageLinksItsStagesJobs() {
        QueryRegistry registry = new QueryRegistry(10);
        QueryRecord q = registry.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 1");
        q.running();
        q.progress(1, 2, "job_1700000000000_0007", 0.5f, 0f);
        YarnLinks links = YarnLinks.of(conf("mapreduce.framework.name", "yarn", "yarn.resourcemanager.webapp.address", "rm:8088"));
        assertThat(QueryPages.detail(registry.running().get(0), links))
                .contains("<tr><td>1/2</td><td><a class=\"yarn\" href=\"http://rm:8088/cluster/app/application_1700000000000_0007\">"
                        + "job_1700000000000_0007</a></td><td>50%</td>");
        assertThat(QueryPages.detail(registry.running().get(0))).doesNotContain("class=\"yarn\"");
    }
}
