package org.hadoopdb.hs2;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthenticationException;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;

/**
 * The server side of SASL PLAIN (RFC 4616), which the JDK does not ship: one message
 * {@code [authzid] NUL authcid NUL password}. The password is handed to the callback handler
 * (a {@link NameCallback} and a {@link PasswordCallback} carrying it), which throws an
 * {@link AuthenticationException} when it is wrong.
 */
final class PlainSaslServer implements SaslServer {
    static final String MECHANISM = "PLAIN";

    private final CallbackHandler handler;
    private String user;
    private boolean complete;

    PlainSaslServer(CallbackHandler handler) {
        this.handler = handler;
    }

    @Override
    public String getMechanismName() {
        return MECHANISM;
    }

    @Override
    public byte[] evaluateResponse(byte[] response) throws SaslException {
        if (complete) {
            throw new SaslException("PLAIN authentication has already completed");
        }
        int first = indexOf(response, 0);
        int second = first < 0 ? -1 : indexOf(response, first + 1);
        if (second < 0) {
            throw new SaslException("Malformed PLAIN message: expected [authzid] NUL user NUL password");
        }
        String authzid = new String(response, 0, first, StandardCharsets.UTF_8);
        String authcid = new String(response, first + 1, second - first - 1, StandardCharsets.UTF_8);
        CharBuffer decoded = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(response, second + 1, response.length - second - 1));
        char[] password = new char[decoded.remaining()];
        decoded.get(password);
        if (authcid.isEmpty()) {
            throw new AuthenticationException("No user name given");
        }
        if (!authzid.isEmpty() && !authzid.equals(authcid)) {
            throw new AuthenticationException("User " + authcid + " may not act as " + authzid);
        }
        NameCallback name = new NameCallback("user", authcid);
        name.setName(authcid);
        PasswordCallback pass = new PasswordCallback("password", false);
        pass.setPassword(password);
        try {
            handler.handle(new Callback[] {name, pass});
        } catch (SaslException e) {
            throw e;
        } catch (IOException | UnsupportedCallbackException e) {
            throw new SaslException("Cannot check the password of " + authcid + ": " + e.getMessage(), e);
        } finally {
            pass.clearPassword();
            Arrays.fill(password, '\0');
        }
        user = authcid;
        complete = true;
        return null;
    }

    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean isComplete() {
        return complete;
    }

    @Override
    public String getAuthorizationID() {
        if (!complete) {
            throw new IllegalStateException("PLAIN authentication has not completed");
        }
        return user;
    }

    /** PLAIN negotiates no security layer. */
    @Override
    public byte[] unwrap(byte[] incoming, int offset, int len) {
        throw new IllegalStateException("PLAIN has no security layer");
    }

    @Override
    public byte[] wrap(byte[] outgoing, int offset, int len) {
        throw new IllegalStateException("PLAIN has no security layer");
    }

    @Override
    public Object getNegotiatedProperty(String propName) {
        return null;
    }

    @Override
    public void dispose() {
        user = null;
    }
}
