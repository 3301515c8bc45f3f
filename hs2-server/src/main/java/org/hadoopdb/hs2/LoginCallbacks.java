package org.hadoopdb.hs2;

import java.io.IOException;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthenticationException;
import org.hadoopdb.jdbc.server.Logins;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks the user and password of a SASL PLAIN handshake against the query server's {@link Logins}
 * (the users file, with failed logins throttled per client address and per user name), or accepts
 * any when authentication is off.
 */
final class LoginCallbacks implements CallbackHandler {
    private static final Logger LOG = LoggerFactory.getLogger(LoginCallbacks.class);

    /** Null when authentication is off. */
    private final Logins logins;

    LoginCallbacks(Logins logins) {
        this.logins = logins;
    }

    @Override
    public void handle(Callback[] callbacks) throws IOException, UnsupportedCallbackException {
        String user = null;
        char[] password = null;
        for (Callback c : callbacks) {
            if (c instanceof NameCallback n) {
                user = n.getName();
            } else if (c instanceof PasswordCallback p) {
                password = p.getPassword();
            } else {
                throw new UnsupportedCallbackException(c);
            }
        }
        if (logins == null) {
            return;
        }
        if (user == null || password == null) {
            throw new AuthenticationException("A user name and a password are required");
        }
        String address = ClientConnection.current().address();
        switch (logins.attempt(address, user, password)) {
            case ACCEPTED -> LOG.debug("HiveServer2 login of {} from {}", user, address);
            case REJECTED -> {
                LOG.info("HiveServer2 login of {} from {} refused: wrong user name or password", user, address);
                throw new AuthenticationException("Wrong user name or password for " + user);
            }
            case THROTTLED -> {
                LOG.info("HiveServer2 login of {} from {} refused: too many failed logins", user, address);
                throw new AuthenticationException("Too many failed logins from this address or for " + user
                        + "; retry later with the right user name and password");
            }
        }
    }
}
