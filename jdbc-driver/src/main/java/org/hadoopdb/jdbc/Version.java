package org.hadoopdb.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The product and driver names and versions that {@code DatabaseMetaData} reports. */
public final class Version {
    public static final String PRODUCT_NAME = "HadoopDB";
    public static final String DRIVER_NAME = "HadoopDB JDBC Driver";
    /** The build's version, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static final String VERSION;
    public static final int MAJOR;
    public static final int MINOR;

    static {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("hadoopdb-jdbc.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the driver's version resource", e);
        }
        VERSION = p.getProperty("version", "0.0.0");
        String[] parts = VERSION.split("[.-]");
        MAJOR = parse(parts, 0);
        MINOR = parse(parts, 1);
    }

    private Version() {
    }

    private static int parse(String[] parts, int i) {
        try {
            return i < parts.length ? Integer.parseInt(parts[i]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
