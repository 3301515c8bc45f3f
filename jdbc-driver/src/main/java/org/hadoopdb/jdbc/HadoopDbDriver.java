package org.hadoopdb.jdbc;

import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.remote.Driver;
import org.hadoopdb.jdbc.client.HadoopDbFactory;
import org.hadoopdb.jdbc.client.HadoopDbHttpClient;
import org.hadoopdb.jdbc.client.JdbcUrl;
import org.hadoopdb.jdbc.client.SparkDialects;

/**
 * The HadoopDB JDBC driver, registered with {@link java.sql.DriverManager} through
 * {@code META-INF/services/java.sql.Driver}.
 *
 * <pre>{@code
 * // a query server (hadoopdb server), over HTTP(S) with Avatica's protobuf protocol
 * Connection c = DriverManager.getConnection("jdbc:hadoopdb://db1:8765", "alice", password);
 * // HadoopDB inside this process, on the home's cluster (needs HadoopDB's jars on the class path)
 * Connection e = DriverManager.getConnection("jdbc:hadoopdb:home=/var/lib/hadoopdb");
 * }</pre>
 *
 * See {@link JdbcUrl} for the URL forms and properties. Both kinds of connection speak Avatica's
 * protocol to the same server-side implementation; the embedded one without a network in between.
 * Loaded where Spark is, the driver registers HadoopDB's Spark dialect ({@link SparkDialects}).
 */
public final class HadoopDbDriver extends Driver {
    /** The service factory of embedded connections, loaded by name so the remote-only driver jar needs no planner. */
    static final String EMBEDDED_FACTORY = "org.hadoopdb.jdbc.embedded.EmbeddedServiceFactory";
    /** How long the client waits for a server's answer by default: statements may run MapReduce jobs for long. */
    static final String DEFAULT_RESPONSE_TIMEOUT_MILLIS = String.valueOf(24L * 3600 * 1000);

    static {
        new HadoopDbDriver().register();
        // Spark finds its dialect for a URL in its own registry; Spark loads JDBC drivers on first use
        SparkDialects.registerIfPresent(HadoopDbDriver.class.getClassLoader());
    }

    public HadoopDbDriver() {
        super();
    }

    @Override
    protected String getConnectStringPrefix() {
        return JdbcUrl.PREFIX;
    }

    @Override
    protected String getFactoryClassName(JdbcVersion jdbcVersion) {
        return HadoopDbFactory.class.getName();
    }

    @Override
    protected DriverVersion createDriverVersion() {
        return new DriverVersion(Version.DRIVER_NAME, Version.VERSION, Version.PRODUCT_NAME, Version.VERSION, true,
                Version.MAJOR, Version.MINOR, Version.MAJOR, Version.MINOR);
    }

    @Override
    public boolean acceptsURL(String url) {
        return JdbcUrl.accepts(url);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        JdbcUrl parsed = JdbcUrl.parse(url, info);
        Properties avatica = new Properties();
        Map<String, String> props = parsed.properties();
        props.forEach((k, v) -> {
            if (!k.equals("user") && !k.equals("password") && !k.equals("ssl")) {
                avatica.setProperty(k, v);
            }
        });
        avatica.setProperty(HadoopDbFactory.URL_PROPERTY, url);
        if (parsed.remote()) {
            avatica.setProperty(BuiltInConnectionProperty.URL.camelName(), parsed.serverUrl());
            avatica.setProperty(BuiltInConnectionProperty.SERIALIZATION.camelName(), "protobuf");
            avatica.putIfAbsent(BuiltInConnectionProperty.HTTP_RESPONSE_TIMEOUT.camelName(), DEFAULT_RESPONSE_TIMEOUT_MILLIS);
            avatica.putIfAbsent(BuiltInConnectionProperty.HTTP_CLIENT_IMPL.camelName(), HadoopDbHttpClient.class.getName());
            String user = props.get("user");
            if (user != null && !user.isEmpty()) {
                avatica.setProperty(BuiltInConnectionProperty.AUTHENTICATION.camelName(), "BASIC");
                avatica.setProperty(BuiltInConnectionProperty.AVATICA_USER.camelName(), user);
                avatica.setProperty(BuiltInConnectionProperty.AVATICA_PASSWORD.camelName(), props.getOrDefault("password", ""));
            }
        } else {
            try {
                Class.forName(EMBEDDED_FACTORY, false, HadoopDbDriver.class.getClassLoader());
                Class.forName("org.hadoopdb.engine.session.HadoopDbEngine", false, HadoopDbDriver.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                throw new SQLException("The embedded URL " + JdbcUrl.redact(url) + " runs HadoopDB inside this process and "
                        + "needs HadoopDB's libraries on the class path (<install>/lib/*); with the driver jar alone, "
                        + "connect to a query server: jdbc:hadoopdb://host:port", "08001", e);
            }
            avatica.setProperty(BuiltInConnectionProperty.FACTORY.camelName(), EMBEDDED_FACTORY);
        }
        try {
            return super.connect(JdbcUrl.PREFIX, avatica);
        } catch (SQLException e) {
            throw e;
        } catch (RuntimeException e) {
            throw Exceptions.connectFailed(parsed, e);
        }
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        DriverPropertyInfo user = new DriverPropertyInfo("user", info == null ? null : info.getProperty("user"));
        user.description = "User name on the query server (HTTP BASIC)";
        DriverPropertyInfo password = new DriverPropertyInfo("password", null);
        password.description = "Password on the query server";
        DriverPropertyInfo ssl = new DriverPropertyInfo("ssl", "false");
        ssl.description = "true: connect with HTTPS";
        ssl.choices = new String[] {"true", "false"};
        DriverPropertyInfo truststore = new DriverPropertyInfo("truststore", null);
        truststore.description = "Trust store with the server's certificate (HTTPS), when Java's default one does not trust it";
        DriverPropertyInfo home = new DriverPropertyInfo("home", null);
        home.description = "Embedded URLs: the HadoopDB home directory";
        return new DriverPropertyInfo[] {user, password, ssl, truststore, home};
    }
}
