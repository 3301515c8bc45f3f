package org.hadoopdb.functions.udf;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * A user's jar reference ({@code /path/a.jar}, {@code file:///…}, {@code hdfs://…}) as a file on this
 * machine, which a class loader can open. Jars on another file system are copied once per process
 * into {@code <tmp>/hadoopdb-udf-jars}, named after their location, length and time, so a changed jar
 * is fetched again.
 */
final class JarFiles {
    private static final Map<String, Path> COPIES = new ConcurrentHashMap<>();

    private JarFiles() {
    }

    /** Whether {@code jar} names a file on this machine's disk (no scheme, or {@code file:}). */
    static boolean isLocal(String jar) {
        String scheme = uri(jar).getScheme();
        return scheme == null || scheme.equals("file") || scheme.length() == 1; // a Windows drive letter
    }

    /**
     * The local file of {@code jar}.
     *
     * @throws UserFunctionException naming the jar when it does not exist or cannot be read
     */
    static Path local(String jar, Configuration conf) {
        if (isLocal(jar)) {
            URI u = uri(jar);
            Path p = u.getScheme() == null ? Path.of(jar) : Path.of(u);
            if (!Files.isRegularFile(p)) {
                throw new UserFunctionException("Jar '" + jar + "' does not exist (" + p.toAbsolutePath() + ")", null);
            }
            return p.toAbsolutePath().normalize();
        }
        try {
            org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(jar);
            FileSystem fs = remote.getFileSystem(conf);
            if (!fs.exists(remote)) {
                throw new UserFunctionException("Jar '" + jar + "' does not exist", null);
            }
            FileStatus status = fs.getFileStatus(remote);
            String key = status.getPath() + " " + status.getLen() + " " + status.getModificationTime();
            Path known = COPIES.get(key);
            if (known != null && Files.isRegularFile(known)) {
                return known;
            }
            Path dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"),
                    "hadoopdb-udf-jars-" + System.getProperty("user.name")));
            Path copy = dir.resolve(hash(key) + "-" + remote.getName());
            if (!Files.isRegularFile(copy) || Files.size(copy) != status.getLen()) {
                Path tmp = Files.createTempFile(dir, remote.getName(), ".tmp");
                try (InputStream in = fs.open(remote)) {
                    Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(tmp, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            COPIES.put(key, copy);
            return copy;
        } catch (IOException e) {
            throw new UserFunctionException("Cannot read jar '" + jar + "': " + e.getMessage(), e);
        }
    }

    private static URI uri(String jar) {
        try {
            return new URI(jar.trim());
        } catch (URISyntaxException e) {
            // a local path with characters a URI does not allow (spaces)
            return Path.of(jar.trim()).toUri();
        }
    }

    private static String hash(String key) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
