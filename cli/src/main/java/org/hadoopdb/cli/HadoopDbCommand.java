package org.hadoopdb.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hadoopdb.cli.cluster.ClusterCommand;
import org.hadoopdb.cli.shell.InteractiveShell;
import org.hadoopdb.cli.shell.Scripts;
import org.hadoopdb.planner.session.HadoopDbEngine;
import org.hadoopdb.planner.session.Session;
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
                ShellCommand.class})
public final class HadoopDbCommand implements Callable<Integer> {
    @Mixin
    GlobalOptions global;

    @Spec
    CommandSpec spec;

    @Option(names = "-e", paramLabel = "STATEMENTS", description = "Run these HiveQL statements (separated by ';') and exit.")
    String statements;

    @Option(names = "-f", paramLabel = "FILE", description = "Run the HiveQL script in FILE and exit.")
    Path file;

    @Option(names = "--header", description = "With -e/-f: print the column names as the first line of each result.")
    boolean header;

    @Option(names = {"-S", "--silent"}, description = "With -e/-f: print only results (no progress, timings or reports).")
    boolean silent;

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
        if (statements != null && file != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Give either -e or -f, not both");
        }
        String script = statements;
        if (file != null) {
            try {
                script = Files.readString(file, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Script file not found: " + file);
            }
        }
        try (HadoopDbEngine engine = HadoopDbEngine.start(global.config(), console::note);
             Session session = engine.openSession(Map.of())) {
            if (script != null) {
                return Scripts.run(session, script, console.out(), console.err(), header, silent, global.verbose()) ? 0 : 1;
            }
            Path history = global.config().home().root().resolve("shell_history");
            return new InteractiveShell(session, history, global.verbose()).run();
        }
    }
}
