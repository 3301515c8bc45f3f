package org.hadoopdb.cluster.embedded;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import java.util.UUID;
import org.hadoopdb.catalog.model.CredentialRef;

/**
 * The password of the embedded nodes' superuser, generated once per home into a PostgreSQL password
 * file ({@code <home>/conf/nodes.pgpass}, one line {@code localhost:*:*:postgres:<secret>}) that only
 * the home's owner can read. The catalog names the file ({@code pgpass:<path>}), so every component
 * that connects to a node finds the password as it would for any other node.
 */
public final class NodeSecret {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int SECRET_BYTES = 32;

    private final Path file;
    private final String password;

    private NodeSecret(Path file, String password) {
        this.file = file;
        this.password = password;
    }

    /** The secret in {@code file}, generating it first when the file does not exist. */
    public static NodeSecret ensure(Path file) {
        if (!Files.exists(file)) {
            try {
                return create(file);
            } catch (FileAlreadyExistsException e) {
                // another process generated it first: use theirs
            } catch (IOException e) {
                throw new EmbeddedClusterException("Cannot create the embedded nodes' password file " + file + ": " + e.getMessage(), e);
            }
        }
        return read(file);
    }

    /** The secret in {@code file}, which must exist. */
    public static NodeSecret read(Path file) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] fields = line.split(":", 5);
                if (!line.startsWith("#") && fields.length == 5 && fields[3].equals(EmbeddedNode.SUPERUSER) && !fields[4].isEmpty()) {
                    return new NodeSecret(file, fields[4]);
                }
            }
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot read the embedded nodes' password file " + file + ": " + e.getMessage(), e);
        }
        throw new EmbeddedClusterException("The embedded nodes' password file " + file + " has no line for user "
                + EmbeddedNode.SUPERUSER + "; restore it, or re-create the cluster");
    }

    private static NodeSecret create(Path file) throws IOException {
        byte[] bytes = new byte[SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        // base64url has no ':' or '\', which a password file would have to escape
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        String text = "# The password of the embedded PostgreSQL nodes of this HadoopDB home (generated; keep it private)\n"
                + "localhost:*:*:" + EmbeddedNode.SUPERUSER + ":" + password + "\n";
        Files.createDirectories(file.getParent());
        Path staging = file.resolveSibling(file.getFileName() + "." + UUID.randomUUID() + ".new");
        // owner-only from the moment the file exists: no window in which another user could open it
        try (SeekableByteChannel ch = Files.newByteChannel(staging, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        }
        try {
            // a hard link appears complete or not at all, and fails if another process got there first
            Files.createLink(file, staging);
        } finally {
            Files.deleteIfExists(staging);
        }
        return new NodeSecret(file, password);
    }

    public Path file() {
        return file;
    }

    /** The plain password, for connections made by the cluster itself and by tests. */
    public String password() {
        return password;
    }

    /** How the catalog refers to this secret. */
    public CredentialRef credentialRef() {
        return CredentialRef.pgpass(file.toAbsolutePath().toString());
    }

    @Override
    public String toString() {
        return "NodeSecret[" + file + "]"; // never the password
    }
}
