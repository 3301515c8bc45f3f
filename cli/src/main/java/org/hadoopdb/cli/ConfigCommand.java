package org.hadoopdb.cli;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.config.ConfigKey;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import picocli.CommandLine.Command;

/** {@code hadoopdb config}: every configuration key with its effective value. */
@Command(name = "config", description = "Print every hadoopdb.* configuration key with its effective value.",
        mixinStandardHelpOptions = true)
public final class ConfigCommand extends BaseCommand {
    @Override
    public Integer call() {
        HadoopDbConfig config = config();
        List<List<String>> rows = new ArrayList<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            String raw = config.hadoopConf().get(key.name());
            String shown = raw != null ? raw : key.defaultValue() != null ? key.defaultValue() : "(computed)";
            rows.add(List.of(key.name(), shown, raw != null ? "set" : "default"));
        }
        console().out().print(Formats.table(List.of("KEY", "VALUE", "SOURCE"), rows));
        console().out().flush();
        return 0;
    }
}
