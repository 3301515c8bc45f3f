package org.hadoopdb.jdbc.client;

import java.net.URL;
import java.util.List;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaCommonsHttpClientImpl;

/**
 * Avatica's HTTP client, with the server's refusal of the credentials turned into an error that
 * reaches the application as an {@code SQLException} with SQLState 28000. Avatica reports HTTP
 * errors as bare {@code RuntimeException}s, which some JDBC calls let escape unchecked: a user
 * removed from the users file, or whose password changed, while connected would get one.
 */
public class HadoopDbHttpClient extends AvaticaCommonsHttpClientImpl {
    /** The SQLState of a refused user name or password. */
    public static final String REFUSED = "28000";

    /** Called by Avatica's client factory, by class name ({@code httpclient_impl}). */
    public HadoopDbHttpClient(URL url) {
        super(url);
    }

    @Override
    public byte[] send(byte[] request) {
        try {
            return super.send(request);
        } catch (AvaticaClientRuntimeException e) {
            throw e;
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("HTTP/401") || message.contains("HTTP/403")) {
                String code = message.contains("HTTP/401") ? "HTTP/401" : "HTTP/403";
                throw new AvaticaClientRuntimeException("The server " + uri + " refused the user name or password ("
                        + code + "): the user was removed or its password changed; reconnect with valid credentials",
                        -1, REFUSED, AvaticaSeverity.ERROR, List.of(), null);
            }
            throw e;
        }
    }
}
