package org.hadoopdb.hs2;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Hive's own JDBC driver (hive-jdbc standalone, from Maven Central), loaded in a class loader of its
 * own: the jar bundles unrelocated Hadoop classes of another version than the engine's, so it must
 * not share the test class path (the build keeps it off and names the jar in {@code hive.jdbc.jar}).
 */
final class HiveJdbc {
    private static final String DRIVER = "org.apache.hive.jdbc.HiveDriver";
    private static ClassLoader loader;
    private static Driver driver;

    private HiveJdbc() {
    }

    static synchronized Driver driver() throws Exception {
        if (driver == null) {
            String jar = System.getProperty("hive.jdbc.jar");
            if (jar == null || !Files.isRegularFile(Path.of(jar))) {
                throw new IllegalStateException("Hive's JDBC driver jar is not at hive.jdbc.jar=" + jar
                        + " (run the tests through Maven)");
            }
            loader = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            driver = (Driver) Class.forName(DRIVER, true, loader).getDeclaredConstructor().newInstance();
        }
        return driver;
    }

    /** Connects as Hive's driver does for {@code DriverManager.getConnection(url, user, password)}. */
    static Connection connect(String url, String user, String password) throws Exception {
        Driver d = driver();
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        // the driver loads some classes through the context class loader: it must see its own copies
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        current.setContextClassLoader(loader);
        try {
            Connection c = d.connect(url, p);
            if (c == null) {
                throw new SQLException("Hive's driver does not accept " + url);
            }
            return c;
        } finally {
            current.setContextClassLoader(previous);
        }
    }
}
