package org.hadoopdb.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hadoopdb.cli.cluster.ClusterCommand;
import org.hadoopdb.cli.quickstart.QuickstartCommand;
import org.hadoopdb.cli.shell.InteractiveShell;
import org.hadoopdb.cli.shell.Scripts;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code hadoopdb} command. Without a subcommand it is the HiveQL shell, as {@code hive} is:
 * interactive, or {@code -e "statements"} / {@code -f file.hql} for scripts (rows on stdout as
 * tab-separated values, everything else on stderr, exit code 1 at the first failing statement).
 */
@Command(name = "hadoopdb", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"HadoopDB: SQL-on-MapReduce over per-node PostgreSQL databases.",
                "Without a command: the HiveQL shell (interactive, or -e / -f).", ""},
        subcommands = {LoadCommand.class, ClusterCommand.class, ConfigCommand.class, ServerCommand.class,
                ShellCommand.class, QuickstartCommand.class})
public final class HadoopDbCommand implements Callable<Integer> {
    @Mixin
    GlobalOptions global;

    @Spec
    CommandSpec spec;

    @Mixin
    ScriptOptions script;

    private final Console console;

    public HadoopDbCommand(Console console) {
        this.console = console;
    }

    public GlobalOptions global() {
        return global;
    }

    public Console console() {
        return console;
    }

    @Override
    public Integer call() throws IOException {
        String script = this.script.script(spec);
        try (HadoopDbEngine engine = HadoopDbEngine.start(global.config(), console::note);
             Session session = engine.openSession(Map.of())) {
            if (script != null) {
                return Scripts.run(session, script, console.out(), console.err(), this.script.header(), this.script.silent(), global.verbose()) ? 0 : 1;
            }
            Path history = global.config().home().root().resolve("shell_history");
            return new InteractiveShell(session, history, global.verbose()).run();
        }
    }
}
