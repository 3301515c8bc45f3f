package org.hadoopdb.console;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * Links from a stage's Hadoop job id to its application's page in YARN's ResourceManager, when the jobs run on
 * YARN: {@code job_1700000000000_0042} is application {@code application_1700000000000_0042}, whose page is
 * {@code <ResourceManager web address>/cluster/app/application_1700000000000_0042}. Jobs of the local runner
 * ({@code job_local…}) and stages run in the client have no page: their id is shown as it is.
 *
 * <pre>{@code
 * YarnLinks links = YarnLinks.of(engine.config().hadoopConf());
 * String cell = links.jobCell("job_1700000000000_0042");   // <a href="http://rm:8088/cluster/app/application_…">…</a>
 * }</pre>
 */
final class YarnLinks {
    /** No links: jobs run on the local runner. */
    static final YarnLinks NONE = new YarnLinks(null);

    private static final Pattern YARN_JOB = Pattern.compile("job_(\\d+)_(\\d+)");

    /** The ResourceManager's web address ({@code http://host:port}), or null. */
    private final String base;

    private YarnLinks(String base) {
        this.base = base;
    }

    /**
     * The links of a Hadoop configuration: to {@code yarn.resourcemanager.webapp.address} (or its HTTPS address
     * under {@code yarn.http.policy=HTTPS_ONLY}) when {@code mapreduce.framework.name} is {@code yarn}.
     */
    static YarnLinks of(Configuration conf) {
        if (!"yarn".equals(conf.get("mapreduce.framework.name", "local"))) {
            return NONE;
        }
        boolean https = "HTTPS_ONLY".equals(conf.get("yarn.http.policy", "HTTP_ONLY"));
        String address = conf.get(https ? "yarn.resourcemanager.webapp.https.address" : "yarn.resourcemanager.webapp.address");
        if (address == null || address.isBlank()) {
            String host = conf.get("yarn.resourcemanager.hostname", "0.0.0.0");
            address = host + (https ? ":8090" : ":8088");
        }
        return new YarnLinks((https ? "https://" : "http://") + address.strip());
    }

    /** The table cell's content for a stage's job id: a link to its YARN application, or the id as it is. */
    String jobCell(String jobId) {
        Matcher m = jobId == null ? null : YARN_JOB.matcher(jobId);
        if (base == null || m == null || !m.matches()) {
            return Html.escape(jobId);
        }
        String application = "application_" + m.group(1) + "_" + m.group(2);
        return "<a class=\"yarn\" href=\"" + Html.escape(base + "/cluster/app/" + application) + "\">" + Html.escape(jobId) + "</a>";
    }
}
