package org.hadoopdb.connector.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.NodeInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PgPassFileTest {
    @TempDir
    Path dir;

    private static NodeInfo node(CredentialRef ref) {
        return new NodeInfo("node7", "worker7", "jdbc:postgresql://worker7:5433/hadoopdb", "hdb", ref, false);
    }

    @Test
    void firstMatchingLineWinsWithWildcardsAndEscapes() throws Exception {
        Path file = dir.resolve("pgpass");
        Files.writeString(file, """
                # comment
                worker1:5432:*:hdb:one
                worker7:5433:hadoopdb:hdb:p\\:ss\\\\word
                *:*:*:*:fallback
                """);
        CredentialResolver r = new CredentialResolver(new Configuration(false), Map.of());
        assertThat(r.password(node(CredentialRef.pgpass(file.toString())))).isEqualTo("p:ss\\word");
        assertThat(PgPassFile.read(file).lookup("other", 1, "x", "y")).contains("fallback");
    }

    @Test
    void environmentVariableAndMissingOnesAreNamedWithoutLeakingSecrets() {
        CredentialResolver r = new CredentialResolver(new Configuration(false), Map.of("NODE7_PW", "s3cret"));
        assertThat(r.password(node(CredentialRef.env("NODE7_PW")))).isEqualTo("s3cret");
        assertThat(r.password(node(CredentialRef.NONE))).isNull();
        assertThatThrownBy(() -> r.password(node(CredentialRef.env("MISSING_PW"))))
                .hasMessage("Node node7 takes its password from environment variable MISSING_PW, which is not set");
        assertThatThrownBy(() -> r.password(node(CredentialRef.pgpass(dir.resolve("nope").toString()))))
                .hasMessageContaining("does not exist or cannot be read");
    }

    @Test
    void hadoopCredentialProvider() throws Exception {
        Configuration conf = new Configuration(false);
        Path store = dir.resolve("creds.jceks");
        conf.set("hadoop.security.credential.provider.path", "jceks://file" + store);
        org.apache.hadoop.security.alias.CredentialProvider provider =
                org.apache.hadoop.security.alias.CredentialProviderFactory.getProviders(conf).get(0);
        provider.createCredentialEntry("node7.password", "from-keystore".toCharArray());
        provider.flush();
        CredentialResolver r = new CredentialResolver(conf, Map.of());
        assertThat(r.password(node(CredentialRef.hadoopCredential("node7.password")))).isEqualTo("from-keystore");
        assertThatThrownBy(() -> r.password(node(CredentialRef.hadoopCredential("other"))))
                .hasMessageContaining("Hadoop credential 'other'");
    }
}
