package org.hadoopdb.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** Options every {@code hadoopdb} command accepts, before or after the subcommand name. */
public final class GlobalOptions {
    @Option(names = "--home", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "HadoopDB home directory (default: $HADOOPDB_HOME, else ~/.hadoopdb).")
    Path home;

    @Option(names = "-D", paramLabel = "KEY=VALUE", scope = ScopeType.INHERIT, mapFallbackValue = "",
            description = "Set a configuration key (see docs/configuration.md), e.g. -Dhadoopdb.embedded.nodes=3.")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Print stack traces of errors (they are always in <home>/logs/hadoopdb.log).")
    boolean verbose;

    private HadoopDbConfig config;

    /** The configuration these options select, built once per command. */
    public HadoopDbConfig config() {
        if (config == null) {
            HadoopDbConfig.Builder b = HadoopDbConfig.builder().overrides(properties);
            if (home != null) {
                b.home(home);
            }
            config = b.build();
        }
        return config;
    }

    public boolean verbose() {
        return verbose;
    }
}
