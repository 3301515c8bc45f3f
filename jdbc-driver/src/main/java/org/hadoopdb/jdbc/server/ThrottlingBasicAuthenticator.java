package org.hadoopdb.jdbc.server;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.security.ServerAuthException;
import org.eclipse.jetty.security.authentication.BasicAuthenticator;
import org.eclipse.jetty.server.Authentication;

/**
 * HTTP BASIC that answers {@code 429 Too Many Requests} at once, without checking the password, while
 * the client's address or the user name it sends is throttled by {@link Logins}.
 *
 * <p>The wait is given in the message only, not as {@code Retry-After}: the driver's HTTP client
 * honours that header by sleeping before it retries, which would hang a connection attempt for the
 * rest of the window instead of failing it.
 */
final class ThrottlingBasicAuthenticator extends BasicAuthenticator {
    private final Logins logins;

    ThrottlingBasicAuthenticator(Logins logins) {
        this.logins = logins;
    }

    @Override
    public Authentication validateRequest(ServletRequest req, ServletResponse res, boolean mandatory)
            throws ServerAuthException {
        HttpServletRequest request = (HttpServletRequest) req;
        String user = mandatory ? basicUser(request.getHeader(HttpHeader.AUTHORIZATION.asString())) : null;
        if (user != null) {
            Optional<Duration> wait = logins.refusal(request.getRemoteAddr(), user);
            if (wait.isPresent()) {
                refuse((HttpServletResponse) res, wait.get());
                return Authentication.SEND_FAILURE;
            }
        }
        return super.validateRequest(req, res, mandatory);
    }

    private static void refuse(HttpServletResponse response, Duration wait) throws ServerAuthException {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        try {
            response.sendError(429, "Too many failed logins from this address or for this user; retry in " + seconds + " s");
        } catch (java.io.IOException e) {
            throw new ServerAuthException(e);
        }
    }

    /**
     * The user name of a BASIC {@code Authorization} header, or null when the header is not one
     * (then the base authenticator answers it as usual).
     */
    private String basicUser(String header) {
        if (header == null) {
            return null;
        }
        int space = header.indexOf(' ');
        if (space < 0 || !header.substring(0, space).equalsIgnoreCase("basic")) {
            return null;
        }
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(header.substring(space + 1).trim());
        } catch (IllegalArgumentException notBase64) {
            // not a credential at all: BasicAuthenticator refuses it with 401, no password is checked
            return null;
        }
        Charset charset = getCharset() != null ? getCharset() : StandardCharsets.ISO_8859_1;
        String credentials = new String(decoded, charset);
        int colon = credentials.indexOf(':');
        return colon < 0 ? null : credentials.substring(0, colon);
    }
}
