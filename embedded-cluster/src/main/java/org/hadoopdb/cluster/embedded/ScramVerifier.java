package org.hadoopdb.cluster.embedded;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The SCRAM-SHA-256 verifier of a password, in the form PostgreSQL stores in {@code pg_authid}
 * (RFC 5802, RFC 7677). PostgreSQL stores a password given in this form as is, so the plain
 * password never reaches the server, its statement log or a temporary file.
 */
final class ScramVerifier {
    private static final int ITERATIONS = 4096;
    private static final int SALT_BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ScramVerifier() {
    }

    /** {@code SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>} for {@code password} (ASCII) with a random salt. */
    static String of(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return of(password, salt, ITERATIONS);
    }

    static String of(String password, byte[] salt, int iterations) {
        try {
            SecretKeyFactory pbkdf2 = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
            byte[] salted = pbkdf2.generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256)).getEncoded();
            byte[] clientKey = hmac(salted, "Client Key");
            byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
            byte[] serverKey = hmac(salted, "Server Key");
            Base64.Encoder b64 = Base64.getEncoder();
            return "SCRAM-SHA-256$" + iterations + ":" + b64.encodeToString(salt) + "$" + b64.encodeToString(storedKey) + ":"
                    + b64.encodeToString(serverKey);
        } catch (GeneralSecurityException e) {
            throw new EmbeddedClusterException("This JVM cannot compute SCRAM-SHA-256 verifiers: " + e.getMessage(), e);
        }
    }

    private static byte[] hmac(byte[] key, String text) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    }
}
