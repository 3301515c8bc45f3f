package org.hadoopdb.functions.udf;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.hadoopdb.functions.udf.spi.ExternalFunctionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The class loaders user functions run in: Hive's jars, the bridge and the function's own jars, over
 * {@link HostClasses}. One per set of jars per process (the local runner's tasks, the planner and a
 * stage in the client share it), keyed by each jar's path, length and time, so a rebuilt jar is loaded
 * anew; loaders are never closed (a class of theirs may still run in another task).
 */
final class IsolatedLoaders {
    private static final Logger LOG = LoggerFactory.getLogger(IsolatedLoaders.class);
    private static final Map<List<String>, ExternalFunctionFactory> FACTORIES = new ConcurrentHashMap<>();

    private IsolatedLoaders() {
    }

    /** The factory of the loader of these jars (Hive's first, then the user's), created the first time. */
    static ExternalFunctionFactory factory(List<Path> hiveLib, List<Path> userJars) {
        List<Path> all = new ArrayList<>(hiveLib);
        all.addAll(userJars);
        return FACTORIES.computeIfAbsent(key(all), k -> create(all, userJars.size()));
    }

    private static List<String> key(List<Path> jars) {
        List<String> key = new ArrayList<>();
        for (Path jar : jars) {
            try {
                key.add(jar + " " + Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis());
            } catch (IOException e) {
                throw new UserFunctionException("Cannot read jar " + jar + ": " + e.getMessage(), e);
            }
        }
        return key;
    }

    private static ExternalFunctionFactory create(List<Path> jars, int userJars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new UserFunctionException("Cannot load jar " + jars.get(i) + ": " + e.getMessage(), e);
            }
        }
        ClassLoader loader = new URLClassLoader("hadoopdb-udf", urls, new HostClasses(IsolatedLoaders.class.getClassLoader()));
        try {
            Iterator<ExternalFunctionFactory> found = ServiceLoader.load(ExternalFunctionFactory.class, loader).iterator();
            if (!found.hasNext()) {
                throw new UserFunctionException("None of " + jars + " holds HadoopDB's bridge to Hive's UDF API "
                        + "(hadoopdb-hive-udf-bridge): is hadoopdb.udf.hive-lib a copy of hive-udf-bridge/target/hive-lib?", null);
            }
            ExternalFunctionFactory factory = found.next();
            LOG.info("A class loader for user functions: {} jars, {} of them the user's", jars.size(), userJars);
            return factory;
        } catch (ServiceConfigurationError e) {
            throw new UserFunctionException("Cannot start HadoopDB's bridge to Hive's UDF API from " + jars + ": " + e.getMessage(), e);
        }
    }
}
