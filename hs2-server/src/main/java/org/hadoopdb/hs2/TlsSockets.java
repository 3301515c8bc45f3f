package org.hadoopdb.hs2;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.hadoopdb.jdbc.server.ServerSettings;

/**
 * The listening socket of the endpoint with TLS: the query server's key store
 * ({@code hadoopdb.server.tls.*}) serves both endpoints, so one certificate covers the server.
 */
final class TlsSockets {
    private TlsSockets() {
    }

    /** An unbound TLS server socket with the key store's key; fails naming the key store setting. */
    static ServerSocket serverSocket(ServerSettings settings) {
        char[] password = settings.keystorePassword() == null ? new char[0] : settings.keystorePassword().toCharArray();
        try (InputStream in = Files.newInputStream(settings.keystore())) {
            KeyStore store = KeyStore.getInstance(settings.keystoreType());
            store.load(in, password);
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context.getServerSocketFactory().createServerSocket();
        } catch (IOException | GeneralSecurityException e) {
            throw new Hs2Exception("08001", "Cannot use the TLS key store " + settings.keystore() + " ("
                    + settings.keystoreType() + "): " + e.getMessage()
                    + " (hadoopdb.server.tls.keystore, hadoopdb.server.tls.keystore-password, hadoopdb.server.tls.keystore-type)", e);
        }
    }
}
