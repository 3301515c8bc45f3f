package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.sasl.AuthenticationException;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;
import org.junit.jupiter.api.Test;

class PlainSaslServerTest {
    private final List<String> checked = new ArrayList<>();

    private SaslServer server() throws SaslException {
        PlainSaslProvider.install();
        return Sasl.createSaslServer("PLAIN", "hive", "hadoopdb", null, callbacks -> {
            String user = ((NameCallback) callbacks[0]).getName();
            String password = new String(((PasswordCallback) callbacks[1]).getPassword());
            checked.add(user + "/" + password);
            if (!password.equals("secret")) {
                throw new AuthenticationException("Wrong user name or password for " + user);
            }
        });
    }

    private static byte[] message(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theUserAndPasswordOfThePlainMessageAreChecked() throws Exception {
        SaslServer s = server();
        assertThat(s.evaluateResponse(message("\0alice\0secret"))).isNull();
        assertThat(s.isComplete()).isTrue();
        assertThat(s.getAuthorizationID()).isEqualTo("alice");
        assertThat(checked).containsExactly("alice/secret");
    }

    @Test
    void aWrongPasswordFailsTheHandshake() throws Exception {
        SaslServer s = server();
        assertThatThrownBy(() -> s.evaluateResponse(message("alice\0alice\0guess"))).isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("alice");
        assertThat(s.isComplete()).isFalse();
    }

    @Test
    void anotherAuthorizationIdOrAMalformedMessageIsRefused() throws Exception {
        assertThatThrownBy(() -> server().evaluateResponse(message("root\0alice\0secret")))
                .isInstanceOf(AuthenticationException.class).hasMessageContaining("root");
        assertThatThrownBy(() -> server().evaluateResponse(message("alice-secret"))).isInstanceOf(SaslException.class)
                .hasMessageContaining("Malformed");
        assertThat(checked).isEmpty();
    }

    @Test
    void aPasswordWithNonAsciiCharactersArrivesWhole() throws Exception {
        SaslServer s = server();
        assertThatThrownBy(() -> s.evaluateResponse(message("\0bob\0pässwörd"))).isInstanceOf(AuthenticationException.class);
        assertThat(checked).containsExactly("bob/pässwörd");
    }
}
