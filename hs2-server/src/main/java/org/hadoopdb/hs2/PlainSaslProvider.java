package org.hadoopdb.hs2;

import java.security.Provider;
import java.security.Security;
import java.util.Map;
import javax.security.auth.callback.CallbackHandler;
import javax.security.sasl.SaslServer;
import javax.security.sasl.SaslServerFactory;

/**
 * Makes {@link PlainSaslServer} known to {@link javax.security.sasl.Sasl#createSaslServer}, which
 * Thrift's SASL transport calls: a security provider holding a {@link SaslServerFactory} for PLAIN.
 */
public final class PlainSaslProvider extends Provider {
    private static final String NAME = "HadoopDbPlainSasl";

    private PlainSaslProvider() {
        super(NAME, "1.0", "SASL PLAIN server for HadoopDB's HiveServer2 endpoint");
        put("SaslServerFactory." + PlainSaslServer.MECHANISM, Factory.class.getName());
    }

    /** Registers the provider once per JVM. */
    static synchronized void install() {
        if (Security.getProvider(NAME) == null) {
            Security.addProvider(new PlainSaslProvider());
        }
    }

    /** Creates PLAIN servers; instantiated by the JDK through the provider. */
    public static final class Factory implements SaslServerFactory {
        @Override
        public SaslServer createSaslServer(String mechanism, String protocol, String serverName, Map<String, ?> props,
                                           CallbackHandler cbh) {
            return PlainSaslServer.MECHANISM.equals(mechanism) ? new PlainSaslServer(cbh) : null;
        }

        @Override
        public String[] getMechanismNames(Map<String, ?> props) {
            return new String[] {PlainSaslServer.MECHANISM};
        }
    }
}
