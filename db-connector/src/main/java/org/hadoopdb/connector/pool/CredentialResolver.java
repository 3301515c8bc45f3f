package org.hadoopdb.connector.pool;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.ConnectorException;

/**
 * Turns a node's {@link CredentialRef} into a password when a connection is opened, so that no
 * password is ever written to the catalog. Errors name the node and the reference, never a secret.
 */
public final class CredentialResolver {
    private final Configuration conf;
    private final Map<String, String> environment;

    public CredentialResolver(Configuration conf) {
        this(conf, System.getenv());
    }

    CredentialResolver(Configuration conf, Map<String, String> environment) {
        this.conf = conf;
        this.environment = environment;
    }

    /** The password for {@code node}, or null for trust authentication ({@code none}). */
    public String password(NodeInfo node) {
        CredentialRef ref = node.credential();
        return switch (ref.kind()) {
            case NONE -> null;
            case ENV -> {
                String value = environment.get(ref.argument());
                if (value == null) {
                    throw new ConnectorException("Node " + node.id() + " takes its password from environment variable "
                            + ref.argument() + ", which is not set");
                }
                yield value;
            }
            case PGPASS -> fromPgPass(node, ref.argument());
            case HADOOP_CREDENTIAL -> fromCredentialProvider(node, ref.argument());
        };
    }

    private String fromPgPass(NodeInfo node, String explicitPath) {
        Path file = explicitPath != null ? Paths.get(explicitPath)
                : environment.containsKey("PGPASSFILE") ? Paths.get(environment.get("PGPASSFILE"))
                : Paths.get(System.getProperty("user.home"), ".pgpass");
        if (!Files.isReadable(file)) {
            throw new ConnectorException("Node " + node.id() + " takes its password from the password file " + file
                    + ", which does not exist or cannot be read");
        }
        URI uri = URI.create(node.jdbcUrl().substring("jdbc:".length()));
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        String database = uri.getPath() == null || uri.getPath().length() <= 1 ? node.user() : uri.getPath().substring(1);
        try {
            return PgPassFile.read(file).lookup(uri.getHost(), port, database, node.user())
                    .orElseThrow(() -> new ConnectorException("The password file " + file + " has no line for node " + node.id()
                            + " (" + uri.getHost() + ":" + port + ":" + database + ":" + node.user() + ")"));
        } catch (IOException e) {
            throw new ConnectorException("Cannot read the password file " + file + " for node " + node.id() + ": " + e.getMessage(), e);
        }
    }

    private String fromCredentialProvider(NodeInfo node, String alias) {
        try {
            char[] secret = conf.getPassword(alias);
            if (secret == null) {
                throw new ConnectorException("Node " + node.id() + " takes its password from Hadoop credential '" + alias
                        + "', which no provider in hadoop.security.credential.provider.path holds");
            }
            return new String(secret);
        } catch (IOException e) {
            throw new ConnectorException("Cannot read Hadoop credential '" + alias + "' for node " + node.id() + ": " + e.getMessage(), e);
        }
    }
}
