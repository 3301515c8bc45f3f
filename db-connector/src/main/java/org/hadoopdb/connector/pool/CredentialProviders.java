package org.hadoopdb.connector.pool;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.connector.ConnectorException;

/**
 * Keeps node passwords in a Hadoop credential provider ({@code hadoop.security.credential.provider.path},
 * e.g. {@code jceks://hdfs@namenode:8020/hadoopdb/nodes.jceks}), which every task of a job can read,
 * so that the catalog only records the alias ({@code hadoop-credential:alias}).
 *
 * <pre>{@code
 * CredentialRef ref = CredentialProviders.store(conf, CredentialProviders.aliasFor("worker1"), password);
 * }</pre>
 */
public final class CredentialProviders {
    private CredentialProviders() {
    }

    /** The alias under which {@code hadoopdb cluster add-node} stores a node's password. */
    public static String aliasFor(String nodeId) {
        return "hadoopdb.node." + nodeId + ".password";
    }

    /**
     * Stores {@code secret} under {@code alias} in the first non-transient provider of the
     * configuration, replacing an older entry of that alias.
     *
     * @return the catalog's reference to it
     * @throws ConnectorException when no provider is configured or it cannot be written
     */
    public static CredentialRef store(Configuration conf, String alias, char[] secret) {
        String path = conf.get(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH);
        if (path == null || path.isBlank()) {
            throw new ConnectorException("No Hadoop credential provider to keep the password in: set "
                    + CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH + " (e.g. jceks://hdfs@namenode:8020/hadoopdb/nodes.jceks, "
                    + "readable by every task) in hadoopdb-site.xml, or give a credential reference instead (--credential env:VAR, "
                    + "pgpass[:/path]); the catalog never holds passwords");
        }
        try {
            List<CredentialProvider> providers = CredentialProviderFactory.getProviders(conf);
            CredentialProvider target = providers.stream().filter(p -> !p.isTransient()).findFirst()
                    .orElseThrow(() -> new ConnectorException("Every credential provider in " + path
                            + " is transient (user:///): name a key store file, e.g. jceks://hdfs@namenode:8020/hadoopdb/nodes.jceks"));
            if (target.getCredentialEntry(alias) != null) {
                target.deleteCredentialEntry(alias);
            }
            target.createCredentialEntry(alias, secret);
            target.flush();
            return CredentialRef.hadoopCredential(alias);
        } catch (IOException e) {
            throw new ConnectorException("Cannot store the password in the credential provider " + path + ": " + e.getMessage(), e);
        }
    }
}
