package org.hadoopdb.jdbc.client;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A HadoopDB JDBC URL, parsed.
 *
 * <ul>
 *   <li>remote: {@code jdbc:hadoopdb://host:port[/][;key=value...][?key=value&...]}, a query server;
 *       {@code ssl=true} for HTTPS (with {@code truststore}, {@code truststore_password} when the
 *       server's certificate is not trusted by Java's default trust store);
 *   <li>embedded: {@code jdbc:hadoopdb:home=/path[;key=value...]}, HadoopDB in the calling process
 *       ({@code jdbc:hadoopdb:} alone uses {@code $HADOOPDB_HOME} or the default home).
 * </ul>
 * Properties from the URL and from {@code DriverManager.getConnection(url, props)} are merged (the
 * URL wins); {@code user} and {@code password} authenticate to a server; keys with a dot (e.g.
 * {@code hadoopdb.reducers=4}) become the connection's session settings.
 *
 * <pre>{@code
 * JdbcUrl u = JdbcUrl.parse("jdbc:hadoopdb://db1:8765;ssl=true", props);
 * u.remote();      // true
 * u.serverUrl();   // https://db1:8765/
 * }</pre>
 */
public final class JdbcUrl {
    public static final String PREFIX = "jdbc:hadoopdb:";

    private final String url;
    private final boolean remote;
    private final String host;
    private final int port;
    private final Map<String, String> properties;

    private JdbcUrl(String url, boolean remote, String host, int port, Map<String, String> properties) {
        this.url = url;
        this.remote = remote;
        this.host = host;
        this.port = port;
        this.properties = properties;
    }

    public static boolean accepts(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** Parses {@code url} with the caller's properties; a {@link SQLException} names what is wrong. */
    public static JdbcUrl parse(String url, Properties info) throws SQLException {
        if (!accepts(url)) {
            throw new SQLException("Not a HadoopDB URL: " + url + " (expected jdbc:hadoopdb://host:port or "
                    + "jdbc:hadoopdb:home=/path)", "08001");
        }
        Map<String, String> props = new LinkedHashMap<>();
        if (info != null) {
            for (String k : info.stringPropertyNames()) {
                props.put(k, info.getProperty(k));
            }
        }
        String rest = url.substring(PREFIX.length());
        if (rest.startsWith("//")) {
            String address = rest.substring(2);
            int cut = indexOfAny(address, ";?/");
            String hostPort = cut < 0 ? address : address.substring(0, cut);
            String tail = cut < 0 ? "" : address.substring(cut);
            if (tail.startsWith("/")) {
                int next = indexOfAny(tail, ";?");
                String path = next < 0 ? tail.substring(1) : tail.substring(1, next);
                if (!path.isEmpty()) {
                    props.putIfAbsent("database", path); // the connection's first database, as USE
                }
                tail = next < 0 ? "" : tail.substring(next);
            }
            parseProperties(tail, props, url);
            int colon = hostPort.lastIndexOf(':');
            String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            if (host.isEmpty()) {
                throw new SQLException("The URL " + url + " names no host: use jdbc:hadoopdb://host:port", "08001");
            }
            int port = DEFAULT_PORT;
            if (colon >= 0) {
                try {
                    port = Integer.parseInt(hostPort.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw new SQLException("Bad port in " + url + ": '" + hostPort.substring(colon + 1) + "'", "08001", e);
                }
            }
            return new JdbcUrl(url, true, host, port, props);
        }
        parseProperties(rest, props, url);
        return new JdbcUrl(url, false, null, -1, props);
    }

    /** The query server's port when the URL names none. */
    public static final int DEFAULT_PORT = 8765;

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** {@code ;k=v;k=v} or {@code ?k=v&k=v} (values may be %-encoded). */
    private static void parseProperties(String text, Map<String, String> props, String url) throws SQLException {
        for (String part : text.split("[;?&]")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new SQLException("Bad property '" + part + "' in " + redact(url) + ": expected key=value", "08001");
            }
            props.put(part.substring(0, eq).trim(), URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8));
        }
    }

    /** The URL with any password replaced, for messages. */
    public static String redact(String url) {
        return url == null ? null : url.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }

    public String url() {
        return url;
    }

    public boolean remote() {
        return remote;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** Merged properties (URL over caller's). */
    public Map<String, String> properties() {
        return properties;
    }

    public String property(String key) {
        return properties.get(key);
    }

    /** HTTPS when {@code ssl=true}. */
    public boolean ssl() {
        return "true".equalsIgnoreCase(properties.getOrDefault("ssl", "false"));
    }

    /** The server's HTTP address, e.g. {@code http://db1:8765/}. */
    public String serverUrl() {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return (ssl() ? "https" : "http") + "://" + h + ":" + port + "/";
    }

    /** The home of an embedded URL, or null (then HadoopDB's usual home lookup applies). */
    public String home() {
        return properties.get("home");
    }

    @Override
    public String toString() {
        return redact(url);
    }
}
