package org.hadoopdb.functions.udf;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The parent of every user function class loader: what of this JVM the isolated loader may see.
 *
 * <ul>
 *   <li>the JDK (the platform class loader);</li>
 *   <li>the SPI package {@code org.hadoopdb.functions.udf.spi}, through which HadoopDB and the bridge
 *       talk (both must see the same {@code Class} objects of it);</li>
 *   <li>Hadoop ({@code org.apache.hadoop.*} but not {@code org.apache.hadoop.hive.*}): Hive's UDF API is
 *       typed with Hadoop's {@code Writable}s and {@code Configuration}, and Hive 4.1 is built for the
 *       Hadoop 3.4 line HadoopDB runs on. Sharing it keeps one copy of Hadoop's static state (file
 *       system cache, security) per JVM, and on YARN it is the cluster's own Hadoop, as Hive expects.
 *       Hadoop's own dependencies stay behind Hadoop's classes: Hive's classes never see them;</li>
 *   <li>SLF4J's API, so what Hive logs goes to HadoopDB's log.</li>
 * </ul>
 *
 * Everything else of HadoopDB's class path (Calcite, Guava, Jackson, commons-*, HadoopDB itself) is
 * invisible: Hive's jars bring their own versions (hive-exec bundles its own Calcite), and the
 * isolated loader finds those first. Resources follow the same rule, except that Hadoop's
 * configuration files ({@code core-site.xml}, …) at the root stay visible to Hive's
 * {@code Configuration}s, and service registrations ({@code META-INF/services}) never cross.
 */
final class HostClasses extends ClassLoader {
    private static final String SPI = "org.hadoopdb.functions.udf.spi.";
    private static final List<String> SHARED = List.of(SPI, "org.apache.hadoop.", "org.slf4j.");
    private static final List<String> HIDDEN = List.of("org.apache.hadoop.hive.");

    private final ClassLoader host;

    /** @param host the loader of HadoopDB's own classes, which the shared ones are taken from */
    HostClasses(ClassLoader host) {
        super("hadoopdb-udf-host", ClassLoader.getPlatformClassLoader());
        this.host = host;
    }

    /** Whether the isolated loader takes class {@code name} from HadoopDB's class path. */
    static boolean shared(String name) {
        return SHARED.stream().anyMatch(name::startsWith) && HIDDEN.stream().noneMatch(name::startsWith);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        try {
            return getParent().loadClass(name);
        } catch (ClassNotFoundException notJdk) {
            if (shared(name)) {
                return host.loadClass(name);
            }
            throw new ClassNotFoundException(name);
        }
    }

    @Override
    public URL getResource(String name) {
        URL jdk = getParent().getResource(name);
        return jdk != null ? jdk : sharedResource(name) ? host.getResource(name) : null;
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        return sharedResource(name) ? host.getResources(name) : getParent().getResources(name);
    }

    /** Resources of the shared packages, and Hadoop's configuration files at the root. */
    static boolean sharedResource(String name) {
        if (name.startsWith("META-INF/services/")) {
            return false;
        }
        if (name.indexOf('/') < 0) {
            return name.endsWith("-default.xml") || name.endsWith("-site.xml");
        }
        return shared(name.replace('/', '.'));
    }
}
