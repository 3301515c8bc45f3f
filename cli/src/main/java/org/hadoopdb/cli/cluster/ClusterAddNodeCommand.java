package org.hadoopdb.cli.cluster;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Arrays;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.nodes.NodeRegistry;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cli.CliException;
import org.hadoopdb.cli.Passwords;
import org.hadoopdb.connector.pool.CredentialProviders;
import org.hadoopdb.connector.pool.NodeProbe;
import org.hadoopdb.connector.pool.PostgresUrl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hadoopdb cluster add-node NAME --jdbc-url URL}: registers a PostgreSQL server of a real
 * cluster (docs/cluster.md). The password, if any, goes to a Hadoop credential provider or stays
 * where a credential reference points; the catalog never holds it.
 */
@Command(name = "add-node", mixinStandardHelpOptions = true,
        description = "Register a PostgreSQL server (one per worker) as a node of the cluster, in the catalog.")
public final class ClusterAddNodeCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "NAME", description = "Node name: lower-case letters, digits, '-', '_' (e.g. worker1).")
    String name;

    @Option(names = "--jdbc-url", required = true, paramLabel = "URL",
            description = "The node's database, e.g. jdbc:postgresql://worker1:5432/hadoopdb.")
    String jdbcUrl;

    @Option(names = "--host", paramLabel = "HOST",
            description = "Host name of the worker as YARN knows it, for task locality (default: the URL's host).")
    String host;

    @Option(names = "--user", paramLabel = "U", description = "Database user (default: the URL's user parameter, else your user name).")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "File whose first line is the password; it is stored in the Hadoop credential provider "
                    + "(hadoop.security.credential.provider.path) and the catalog records only its alias.")
    Path passwordFile;

    @Option(names = "--credential", paramLabel = "REF",
            description = "Where tasks find the password instead: none, env:VAR, pgpass[:/path], hadoop-credential:alias.")
    String credential;

    @Option(names = "--no-check", description = "Register the node without connecting to it first.")
    boolean noCheck;

    @Override
    public Integer call() {
        if (passwordFile != null && credential != null) {
            throw new CliException("Give either --password-file or --credential, not both");
        }
        String hostName = host != null ? host : hostOf(jdbcUrl);
        String userName = user != null ? user : PostgresUrl.parse(jdbcUrl).flatMap(u -> u.property("user")).orElse(null);
        if (userName == null) {
            userName = System.getProperty("user.name");
        }
        NodeRegistry registry = new NodeRegistry(config().home().catalogStore());
        CredentialRef ref = credential != null ? CredentialRef.parse(credential) : CredentialRef.NONE;
        NodeInfo node = new NodeInfo(name, hostName, jdbcUrl, userName, ref, false);
        char[] password = null;
        try {
            if (passwordFile != null) {
                password = Passwords.fromFile(passwordFile);
                Catalog current = config().home().catalogStore().load();
                if (current.findNode(name).isPresent()) {
                    // refuse before the credential store is touched
                    throw new CatalogException("Node '" + name + "' is already registered (" + current.node(name).jdbcUrl()
                            + "); remove it first with 'hadoopdb cluster remove-node " + name + "' to change it");
                }
                ref = CredentialProviders.store(config().hadoopConf(), CredentialProviders.aliasFor(name), password);
                node = new NodeInfo(name, hostName, jdbcUrl, userName, ref, false);
            }
            if (!noCheck) {
                String version = NodeProbe.check(node, config().hadoopConf(), 10);
                console().note("Node " + name + " answers: " + version + ".");
            }
        } finally {
            if (password != null) {
                Arrays.fill(password, '\0');
            }
        }
        Catalog catalog = registry.add(node);
        console().note("Registered node " + name + " (" + jdbcUrl + ", host " + hostName + ", user " + userName + ", password: "
                + ref + ") in the catalog " + config().home().catalogPath() + " (version " + catalog.version() + "); the cluster has "
                + catalog.nodes().size() + " node(s).");
        return 0;
    }

    /** The host of the URL's one server, as pgjdbc reads the URL. */
    static String hostOf(String url) {
        PostgresUrl parsed = PostgresUrl.parse(url).orElseThrow(
                () -> new CliException("--jdbc-url must look like jdbc:postgresql://host:port/database, got '" + url + "'"));
        return parsed.singleServer().map(InetSocketAddress::getHostString)
                .orElseThrow(() -> new CliException("Cannot find the host in --jdbc-url '" + url + "': give --host"));
    }
}
