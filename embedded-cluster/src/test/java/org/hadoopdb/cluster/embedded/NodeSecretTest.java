package org.hadoopdb.cluster.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.hadoopdb.catalog.model.CredentialRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeSecretTest {
    @TempDir
    Path dir;

    @Test
    void theSecretIsGeneratedOnceIntoAnOwnerOnlyPasswordFile() throws Exception {
        Path file = dir.resolve("conf/nodes.pgpass");
        NodeSecret first = NodeSecret.ensure(file);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Base64.getUrlDecoder().decode(first.password())).hasSize(32);
        assertThat(Files.readAllLines(file)).contains("localhost:*:*:postgres:" + first.password());
        assertThat(NodeSecret.ensure(file).password()).isEqualTo(first.password());
        assertThat(NodeSecret.read(file).password()).isEqualTo(first.password());
        assertThat(first.credentialRef()).isEqualTo(CredentialRef.pgpass(file.toAbsolutePath().toString()));
        assertThat(first.toString()).doesNotContain(first.password());
        assertThat(NodeSecret.ensure(dir.resolve("other/nodes.pgpass")).password()).isNotEqualTo(first.password());
    }

    @Test
    void usersRacingToGenerateTheSecretAllGetTheSameOne() throws Exception {
        for (int round = 0; round < 20; round++) {
            Path file = dir.resolve("race" + round + "/nodes.pgpass");
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<String>> passwords = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    passwords.add(pool.submit(() -> NodeSecret.ensure(file).password()));
                }
                Set<String> distinct = new HashSet<>();
                for (Future<String> p : passwords) {
                    distinct.add(p.get());
                }
                assertThat(distinct).containsExactly(NodeSecret.read(file).password());
                try (Stream<Path> left = Files.list(file.getParent())) {
                    assertThat(left).containsExactly(file);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void aFileWithoutTheSuperusersLineIsReportedByName() throws Exception {
        Path file = Files.writeString(dir.resolve("nodes.pgpass"), "localhost:*:*:someone:else\n");
        assertThatThrownBy(() -> NodeSecret.read(file)).isInstanceOf(EmbeddedClusterException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("no line for user postgres");
    }

    @Test
    void theVerifierIsRfc5802sInPostgresqlsForm() {
        String verifier = ScramVerifier.of("secret", new byte[16], 4096);
        // computed independently (Python's hashlib.pbkdf2_hmac and hmac, RFC 5802's formulas)
        assertThat(verifier).isEqualTo("SCRAM-SHA-256$4096:AAAAAAAAAAAAAAAAAAAAAA==$6ZkE+61IfXx7qzw0hEVly3JJvt5Pp9BHcQx8jQBE6C0="
                + ":JAYg580jrSOS22hhU9PFtpRQ4UhD4C1ImjaMVBQ6GSw=");
        assertThat(ScramVerifier.of("secret")).isNotEqualTo(ScramVerifier.of("secret"));
    }
}
