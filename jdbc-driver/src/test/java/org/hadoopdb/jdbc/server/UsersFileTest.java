package org.hadoopdb.jdbc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.jdbc.JdbcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersFileTest {
    @TempDir
    Path dir;

    @Test
    void passwordsAreStoredAsSaltedHashesAndChecked() throws Exception {
        Path file = dir.resolve("conf/users");
        UsersFile users = new UsersFile(file);
        users.put("alice", "s3cret".toCharArray());
        users.put("bob", "s3cret".toCharArray());
        String text = Files.readString(file);
        assertThat(text).doesNotContain("s3cret").contains("alice:pbkdf2-sha256:600000:");
        // the same password gets different salts, so different hashes
        String[] a = text.lines().filter(l -> l.startsWith("alice:")).findFirst().orElseThrow().split(":");
        String[] b = text.lines().filter(l -> l.startsWith("bob:")).findFirst().orElseThrow().split(":");
        assertThat(a[3]).isNotEqualTo(b[3]);
        assertThat(a[4]).isNotEqualTo(b[4]);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");

        UsersFile reader = new UsersFile(file);
        assertThat(reader.check("alice", "s3cret".toCharArray())).isTrue();
        assertThat(reader.check("alice", "s3cret".toCharArray())).isTrue(); // remembered
        assertThat(reader.check("alice", "S3cret".toCharArray())).isFalse();
        assertThat(reader.check("carol", "s3cret".toCharArray())).isFalse();
        assertThat(reader.users()).containsExactly("alice", "bob");
    }

    @Test
    void anUnknownUserCostsTheSameKeyDerivationAsAWrongPassword() {
        List<String> derivations = new ArrayList<>();
        UsersFile.Derivation counted = (password, salt, iterations) -> {
            derivations.add(iterations + " iterations, " + salt.length + "-byte salt");
            return UsersFile.PBKDF2.derive(password, salt, iterations);
        };
        Path file = dir.resolve("users");
        new UsersFile(file).put("alice", "s3cret".toCharArray());
        UsersFile users = new UsersFile(file, counted);

        assertThat(users.check("alice", "wrong".toCharArray())).isFalse();
        assertThat(derivations).containsExactly("600000 iterations, 16-byte salt");
        assertThat(users.check("mallory", "wrong".toCharArray())).isFalse();
        assertThat(users.check("mallory", "s3cret".toCharArray())).isFalse();
        assertThat(derivations).containsExactly("600000 iterations, 16-byte salt", "600000 iterations, 16-byte salt",
                "600000 iterations, 16-byte salt");
        // a right password is derived once, then remembered
        assertThat(users.check("alice", "s3cret".toCharArray())).isTrue();
        assertThat(users.check("alice", "s3cret".toCharArray())).isTrue();
        assertThat(derivations).hasSize(4);
    }

    @Test
    void aNewPasswordReplacesTheOldOneAtOnce() {
        UsersFile users = new UsersFile(dir.resolve("users"));
        users.put("alice", "old".toCharArray());
        assertThat(users.check("alice", "old".toCharArray())).isTrue();
        users.put("alice", "new".toCharArray());
        assertThat(users.check("alice", "old".toCharArray())).isFalse();
        assertThat(users.check("alice", "new".toCharArray())).isTrue();
        assertThat(users.remove("alice")).isTrue();
        assertThat(users.check("alice", "new".toCharArray())).isFalse();
    }

    @Test
    void badNamesAndBadLinesAreReported() throws Exception {
        UsersFile users = new UsersFile(dir.resolve("users"));
        assertThatThrownBy(() -> users.put("a:b", "x".toCharArray())).isInstanceOf(JdbcException.class)
                .hasMessageContaining("'a:b'");
        Files.writeString(dir.resolve("users"), "# comment\nalice:plain:secret\n");
        assertThatThrownBy(() -> new UsersFile(dir.resolve("users")).check("alice", "secret".toCharArray()))
                .isInstanceOf(JdbcException.class).hasMessageContaining("line 2");
    }
}
