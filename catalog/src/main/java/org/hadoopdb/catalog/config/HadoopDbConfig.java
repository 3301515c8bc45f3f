package org.hadoopdb.catalog.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * The one place configuration is read. Built from a Hadoop {@link Configuration} (so Hadoop's own
 * settings such as {@code fs.defaultFS} and {@code mapreduce.framework.name} travel with it), then
 * {@code hadoopdb-site.xml}, the environment and explicit overrides, in increasing precedence:
 *
 * <ol>
 *   <li>defaults declared in {@link ConfigKeys};
 *   <li>{@code core-site.xml}, {@code mapred-site.xml}, … found on the classpath (Hadoop's rules);
 *   <li>{@code $HADOOPDB_CONF_DIR/hadoopdb-site.xml}, then {@code <home>/conf/hadoopdb-site.xml};
 *   <li>the environment: {@code HADOOPDB_HOME};
 *   <li>overrides: {@code --home}, {@code -Dkey=value}, a session's {@code SET key=value}.
 * </ol>
 *
 * <pre>{@code
 * HadoopDbConfig config = HadoopDbConfig.builder().override("hadoopdb.embedded.nodes", "3").build();
 * int nodes = config.get(ConfigKeys.EMBEDDED_NODES);
 * }</pre>
 */
public final class HadoopDbConfig {
    public static final String SITE_FILE = "hadoopdb-site.xml";
    public static final String ENV_HOME = "HADOOPDB_HOME";
    public static final String ENV_CONF_DIR = "HADOOPDB_CONF_DIR";
    /**
     * Hadoop's key for the class of the {@code file:} file system: {@link JdkLocalFileSystem} under the local runner,
     * unless configured.
     */
    static final String LOCAL_FILE_SYSTEM = "fs.file.impl";

    private final Configuration conf;
    private final HadoopDbHome home;

    private HadoopDbConfig(Configuration conf) {
        this.conf = conf;
        this.home = new HadoopDbHome(Paths.get(conf.get(ConfigKeys.HOME.name())).toAbsolutePath().normalize(), this);
    }

    /** Wraps a configuration that already carries HadoopDB keys, e.g. inside a MapReduce task. */
    public static HadoopDbConfig of(Configuration conf) {
        if (conf.get(ConfigKeys.HOME.name()) == null) {
            Configuration copy = new Configuration(conf);
            copy.set(ConfigKeys.HOME.name(), defaultHome().toString());
            return new HadoopDbConfig(copy);
        }
        return new HadoopDbConfig(conf);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The value of {@code key}, parsed; its default when unset. */
    public <T> T get(ConfigKey<T> key) {
        String raw = conf.get(key.name());
        if (raw == null) {
            raw = key.defaultValue();
        }
        if (raw == null) {
            return null;
        }
        try {
            return key.parse(raw);
        } catch (RuntimeException e) {
            throw new ConfigException("Configuration key " + key.name() + " has value '" + raw + "', which is "
                    + e.getMessage() + " (expected a " + key.typeName() + ")", e);
        }
    }

    /** The value of {@code key} only when explicitly set (no default). */
    public <T> Optional<T> getIfSet(ConfigKey<T> key) {
        return conf.get(key.name()) == null ? Optional.empty() : Optional.ofNullable(get(key));
    }

    /** The underlying Hadoop configuration, to hand to jobs and file systems. Do not mutate a shared one. */
    public Configuration hadoopConf() {
        return conf;
    }

    public HadoopDbHome home() {
        return home;
    }

    /**
     * True when MapReduce jobs run inside this process (Hadoop's local runner,
     * {@code mapreduce.framework.name=local}, the default); false on a cluster (YARN).
     */
    public boolean jobsRunLocally() {
        return "local".equals(conf.get("mapreduce.framework.name", "local"));
    }

    /** A copy with more overrides: a session's {@code SET} statements. */
    public HadoopDbConfig with(Map<String, String> overrides) {
        Configuration copy = new Configuration(conf);
        overrides.forEach(copy::set);
        return new HadoopDbConfig(copy);
    }

    static Path defaultHome() {
        return Paths.get(System.getProperty("user.home"), ".hadoopdb");
    }

    /** Assembles a configuration from its sources (see the class comment for precedence). */
    public static final class Builder {
        private Configuration base;
        private Path home;
        private final Map<String, String> overrides = new LinkedHashMap<>();
        private Map<String, String> environment = System.getenv();

        /** Start from this Hadoop configuration instead of a new one (it is copied). */
        public Builder hadoopConf(Configuration conf) {
            this.base = conf;
            return this;
        }

        /** The home directory ({@code --home}); wins over the environment and site files. */
        public Builder home(Path dir) {
            this.home = dir;
            return this;
        }

        /** A {@code -Dkey=value} style override. */
        public Builder override(String key, String value) {
            overrides.put(key, value);
            return this;
        }

        public Builder overrides(Map<String, String> values) {
            overrides.putAll(values);
            return this;
        }

        /** For tests: the environment to read {@code HADOOPDB_HOME} and {@code HADOOPDB_CONF_DIR} from. */
        public Builder environment(Map<String, String> env) {
            this.environment = env;
            return this;
        }

        public HadoopDbConfig build() {
            Configuration conf = base == null ? new Configuration() : new Configuration(base);
            String confDir = environment.get(ENV_CONF_DIR);
            if (confDir != null && !confDir.isBlank()) {
                addSite(conf, Paths.get(confDir).resolve(SITE_FILE));
            }
            Path homeDir = resolveHome(conf);
            addSite(conf, homeDir.resolve("conf").resolve(SITE_FILE));
            overrides.forEach(conf::set);
            conf.set(ConfigKeys.HOME.name(), homeDir.toString());
            // only where the jobs run in this process: a cluster's task JVMs load their file systems before HadoopDB's jars
            String localFs = conf.get(LOCAL_FILE_SYSTEM);
            if ((localFs == null || localFs.isBlank()) && "local".equals(conf.get("mapreduce.framework.name", "local"))) {
                conf.set(LOCAL_FILE_SYSTEM, JdkLocalFileSystem.class.getName());
            }
            return new HadoopDbConfig(conf);
        }

        private Path resolveHome(Configuration conf) {
            if (home != null) {
                return home.toAbsolutePath().normalize();
            }
            String fromOverrides = overrides.get(ConfigKeys.HOME.name());
            if (fromOverrides != null) {
                return Paths.get(fromOverrides).toAbsolutePath().normalize();
            }
            String fromEnv = environment.get(ENV_HOME);
            if (fromEnv != null && !fromEnv.isBlank()) {
                return Paths.get(fromEnv).toAbsolutePath().normalize();
            }
            String fromSite = conf.get(ConfigKeys.HOME.name());
            if (fromSite != null) {
                return Paths.get(fromSite).toAbsolutePath().normalize();
            }
            return defaultHome();
        }

        private static void addSite(Configuration conf, Path site) {
            if (Files.isRegularFile(site)) {
                conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
            }
        }
    }
}
