package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import org.hadoopdb.catalog.CatalogException;

/**
 * Where a node's database password comes from. The catalog never holds a password itself, only one
 * of these references, resolved when a connection is opened:
 *
 * <ul>
 *   <li>{@code none}: no password (the server trusts the user, or authenticates it otherwise);
 *   <li>{@code env:VAR}: the environment variable {@code VAR};
 *   <li>{@code pgpass} or {@code pgpass:/path}: a PostgreSQL password file ({@code ~/.pgpass} or the
 *       given path), looked up by host, port, database and user as {@code libpq} does (embedded
 *       nodes: the generated {@code <home>/conf/nodes.pgpass});
 *   <li>{@code hadoop-credential:alias}: a Hadoop credential provider
 *       ({@code hadoop.security.credential.provider.path}).
 * </ul>
 */
public record CredentialRef(Kind kind, String argument) {

    public enum Kind { NONE, ENV, PGPASS, HADOOP_CREDENTIAL }

    public static final CredentialRef NONE = new CredentialRef(Kind.NONE, null);

    public CredentialRef {
        if (kind == null) {
            throw new CatalogException("Credential reference has no kind");
        }
        boolean needsArgument = kind == Kind.ENV || kind == Kind.HADOOP_CREDENTIAL;
        if (needsArgument && (argument == null || argument.isBlank())) {
            throw new CatalogException("Credential reference '" + prefix(kind) + "' needs a name after the colon");
        }
        if (kind == Kind.NONE && argument != null) {
            throw new CatalogException("Credential reference 'none' takes no argument");
        }
    }

    public static CredentialRef env(String variable) {
        return new CredentialRef(Kind.ENV, variable);
    }

    public static CredentialRef pgpass(String pathOrNull) {
        return new CredentialRef(Kind.PGPASS, pathOrNull);
    }

    public static CredentialRef hadoopCredential(String alias) {
        return new CredentialRef(Kind.HADOOP_CREDENTIAL, alias);
    }

    /** Parses the textual form used in the catalog file and on the command line. */
    @JsonCreator
    public static CredentialRef parse(String text) {
        if (text == null || text.isBlank() || text.trim().equals("none")) {
            return NONE;
        }
        String t = text.trim();
        int colon = t.indexOf(':');
        String head = colon < 0 ? t : t.substring(0, colon);
        String arg = colon < 0 ? null : t.substring(colon + 1);
        return switch (head) {
            case "env" -> env(arg);
            case "pgpass" -> pgpass(arg == null || arg.isEmpty() ? null : arg);
            case "hadoop-credential" -> hadoopCredential(arg);
            default -> throw new CatalogException("Unknown credential reference '" + t
                    + "': use none, env:VAR, pgpass[:/path] or hadoop-credential:alias (passwords are never stored in the catalog)");
        };
    }

    private static String prefix(Kind kind) {
        return switch (kind) {
            case NONE -> "none";
            case ENV -> "env";
            case PGPASS -> "pgpass";
            case HADOOP_CREDENTIAL -> "hadoop-credential";
        };
    }

    @JsonValue
    @Override
    public String toString() {
        return argument == null ? prefix(kind) : prefix(kind) + ":" + argument;
    }
}
