package org.hadoopdb.jdbc.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.hadoopdb.jdbc.JdbcException;

/**
 * The query server's users: one line per user, {@code name:pbkdf2-sha256:iterations:salt:hash}
 * (salt and hash in Base64), so the file never holds a password. Lines starting with {@code #} are
 * comments. The file is re-read when it changes, so {@code hadoopdb server add-user} takes effect on
 * a running server.
 *
 * <pre>{@code
 * UsersFile users = new UsersFile(home.resolve("conf/users"));
 * users.put("alice", password);        // creates or replaces alice's entry
 * users.check("alice", attempt);       // true when the password is right
 * }</pre>
 */
public final class UsersFile {
    static final String ALGORITHM = "pbkdf2-sha256";
    /** OWASP's 2023 advice for PBKDF2-HMAC-SHA256. */
    static final int ITERATIONS = 600_000;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.@-]{1,64}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * HTTP BASIC sends the password with every request, and PBKDF2 is slow on purpose: a password
     * that checked out is remembered for a while as a keyed hash (the key lives only in this
     * process), so a client pays for PBKDF2 once, not per request. Failures are never remembered.
     */
    private static final long REMEMBER_NANOS = java.util.concurrent.TimeUnit.MINUTES.toNanos(5);
    private final byte[] processKey = new byte[32];
    private final Map<String, Remembered> remembered = new java.util.concurrent.ConcurrentHashMap<>();

    private final Path file;
    private final Derivation derivation;
    /**
     * Checked for unknown users with the same derivation, iterations and salt length as a real entry,
     * so a wrong name costs exactly as much as a wrong password and names cannot be probed by timing.
     * Its hash is random: no password matches it.
     */
    private final Entry dummy;
    private Map<String, Entry> entries = Map.of();
    private FileTime loadedAt;

    public UsersFile(Path file) {
        this(file, PBKDF2);
    }

    /** With {@code derivation} in place of PBKDF2 (tests count the derivations through it). */
    UsersFile(Path file, Derivation derivation) {
        this.file = file;
        this.derivation = derivation;
        RANDOM.nextBytes(processKey);
        byte[] salt = new byte[SALT_BYTES];
        byte[] hash = new byte[HASH_BITS / 8];
        RANDOM.nextBytes(salt);
        RANDOM.nextBytes(hash);
        dummy = new Entry(ITERATIONS, salt, hash);
    }

    /** The slow, salted key derivation a password is checked with. */
    @FunctionalInterface
    interface Derivation {
        byte[] derive(char[] password, byte[] salt, int iterations);
    }

    /** PBKDF2-HMAC-SHA256, 256 bits. */
    static final Derivation PBKDF2 = (password, salt, iterations) -> Entry.pbkdf2(password, salt, iterations);

    public Path path() {
        return file;
    }

    /** Whether the password is right for the user; false for unknown users. Never logs either. */
    public boolean check(String user, char[] password) {
        return remembered(user, password) || derive(user, password);
    }

    /**
     * Whether the password checked out for the user a short while ago: a keyed hash compared, no key
     * derivation. The hash is computed for unknown users too, so both cost the same.
     */
    boolean remembered(String user, char[] password) {
        Entry e = current().get(user);
        byte[] token = token(user, password);
        Remembered r = remembered.get(user);
        return e != null && r != null && r.entry == e && System.nanoTime() < r.until && MessageDigest.isEqual(r.token, token);
    }

    /**
     * Checks the password with exactly one key derivation: against the user's entry, or against a
     * dummy entry with the same parameters when there is no such user. A right password is remembered.
     */
    boolean derive(String user, char[] password) {
        Entry e = current().get(user);
        if (e == null) {
            dummy.matches(password, derivation);
            return false;
        }
        if (!e.matches(password, derivation)) {
            return false;
        }
        remembered.put(user, new Remembered(e, token(user, password), System.nanoTime() + REMEMBER_NANOS));
        return true;
    }

    private byte[] token(String user, char[] password) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(processKey, "HmacSHA256"));
            mac.update(user.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            java.nio.ByteBuffer bytes = StandardCharsets.UTF_8.encode(java.nio.CharBuffer.wrap(password));
            byte[] b = new byte[bytes.remaining()];
            bytes.get(b);
            try {
                return mac.doFinal(b);
            } finally {
                Arrays.fill(b, (byte) 0);
            }
        } catch (GeneralSecurityException ex) {
            throw new JdbcException(JdbcException.GENERAL, "HmacSHA256 is not available in this Java: " + ex.getMessage(), ex);
        }
    }

    /** A password that checked out against {@code entry}, as a keyed hash. */
    private record Remembered(Entry entry, byte[] token, long until) {
    }

    /** The users listed now. */
    public List<String> users() {
        return new ArrayList<>(current().keySet());
    }

    /** Adds the user, or gives an existing user a new password; the file is rewritten atomically, readable by its owner only. */
    public synchronized void put(String user, char[] password) {
        if (!NAME.matcher(user).matches()) {
            throw new JdbcException(JdbcException.GENERAL, "User name '" + user + "' is not allowed: use 1 to 64 letters, "
                    + "digits and _ . @ -");
        }
        if (password.length == 0) {
            throw new JdbcException(JdbcException.GENERAL, "The password of '" + user + "' is empty");
        }
        Map<String, Entry> next = new LinkedHashMap<>(read());
        next.put(user, Entry.create(password, ITERATIONS, derivation));
        write(next);
    }

    /** Removes the user; false when there was no such user. */
    public synchronized boolean remove(String user) {
        Map<String, Entry> next = new LinkedHashMap<>(read());
        if (next.remove(user) == null) {
            return false;
        }
        write(next);
        return true;
    }

    private synchronized Map<String, Entry> current() {
        try {
            FileTime modified = Files.exists(file) ? Files.getLastModifiedTime(file) : null;
            if (modified == null) {
                entries = Map.of();
                loadedAt = null;
            } else if (!modified.equals(loadedAt)) {
                entries = read();
                loadedAt = modified;
            }
            return entries;
        } catch (IOException e) {
            throw new JdbcException(JdbcException.GENERAL, "Cannot read the users file " + file + ": " + e.getMessage(), e);
        }
    }

    private Map<String, Entry> read() {
        Map<String, Entry> out = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return out;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new JdbcException(JdbcException.GENERAL, "Cannot read the users file " + file + ": " + e.getMessage(), e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(":");
            if (f.length != 5 || !f[1].equals(ALGORITHM)) {
                throw new JdbcException(JdbcException.GENERAL, file + " line " + (i + 1) + ": expected "
                        + "user:" + ALGORITHM + ":iterations:salt:hash (write entries with hadoopdb server add-user)");
            }
            try {
                out.put(f[0], new Entry(Integer.parseInt(f[2]), Base64.getDecoder().decode(f[3]),
                        Base64.getDecoder().decode(f[4])));
            } catch (IllegalArgumentException e) {
                throw new JdbcException(JdbcException.GENERAL, file + " line " + (i + 1) + " (user " + f[0]
                        + "): bad iteration count, salt or hash: " + e.getMessage(), e);
            }
        }
        return out;
    }

    private void write(Map<String, Entry> users) {
        StringBuilder text = new StringBuilder("# HadoopDB query server users: user:" + ALGORITHM
                + ":iterations:salt:hash. Edit with hadoopdb server add-user / remove-user.\n");
        users.forEach((name, e) -> text.append(name).append(':').append(ALGORITHM).append(':').append(e.iterations)
                .append(':').append(Base64.getEncoder().encodeToString(e.salt)).append(':')
                .append(Base64.getEncoder().encodeToString(e.hash)).append('\n'));
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = dir.resolve(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            try {
                Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException | FileAlreadyExistsException e) {
                Files.deleteIfExists(tmp);
                Files.createFile(tmp);
            }
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new JdbcException(JdbcException.GENERAL, "Cannot write the users file " + file + ": " + e.getMessage(), e);
        }
    }

    /** One user's salted hash. */
    private record Entry(int iterations, byte[] salt, byte[] hash) {
        static Entry create(char[] password, int iterations, Derivation derivation) {
            byte[] salt = new byte[SALT_BYTES];
            RANDOM.nextBytes(salt);
            return new Entry(iterations, salt, derivation.derive(password, salt, iterations));
        }

        boolean matches(char[] password, Derivation derivation) {
            return MessageDigest.isEqual(hash, derivation.derive(password, salt, iterations));
        }

        private static byte[] pbkdf2(char[] password, byte[] salt, int iterations) {
            PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
            try {
                return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
            } catch (GeneralSecurityException e) {
                throw new JdbcException(JdbcException.GENERAL, "PBKDF2WithHmacSHA256 is not available in this Java: "
                        + e.getMessage(), e);
            } finally {
                spec.clearPassword();
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e && e.iterations == iterations && Arrays.equals(e.salt, salt) && Arrays.equals(e.hash, hash);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(hash);
        }

        @Override
        public String toString() {
            return "Entry[" + ALGORITHM + ", " + iterations + " iterations]";
        }
    }
}
