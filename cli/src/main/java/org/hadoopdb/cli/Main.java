package org.hadoopdb.cli;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ServiceLoader;
import picocli.CommandLine;

/**
 * Entry point of the {@code hadoopdb} command ({@code bin/hadoopdb}). Exit codes: 0 success,
 * 1 a command failed, 2 bad usage.
 */
public final class Main {
    /** System property naming the log directory, read by logback.xml. */
    public static final String LOG_DIR_PROPERTY = "hadoopdb.log.dir";

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, Console.system()));
    }

    /** Runs one command line; returns the exit code (tests call this directly). */
    public static int run(String[] args, Console console) {
        // Logging starts on first use, so the log directory must be known before anything logs.
        if (System.getProperty(LOG_DIR_PROPERTY) == null) {
            System.setProperty(LOG_DIR_PROPERTY, homeFromArgs(args).resolve("logs").toString());
        }
        CommandLine cli = commandLine(console);
        return cli.execute(args);
    }

    /** The whole {@code hadoopdb} command line: the built-in commands and every {@link CommandProvider}'s. */
    public static CommandLine commandLine(Console console) {
        CommandLine cli = new CommandLine(new HadoopDbCommand(console));
        for (CommandProvider provider : ServiceLoader.load(CommandProvider.class)) {
            provider.commands().forEach(cli::addSubcommand);
        }
        cli.setOut(console.out());
        cli.setErr(console.err());
        cli.setExecutionExceptionHandler(new ErrorReporter(console));
        return cli;
    }

    /** The home as {@link org.hadoopdb.catalog.config.HadoopDbConfig} will resolve it, read early for the log directory. */
    static Path homeFromArgs(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--home") && i + 1 < args.length) {
                return Paths.get(args[i + 1]).toAbsolutePath();
            }
            if (args[i].startsWith("--home=")) {
                return Paths.get(args[i].substring("--home=".length())).toAbsolutePath();
            }
            if (args[i].startsWith("-Dhadoopdb.home=")) {
                return Paths.get(args[i].substring("-Dhadoopdb.home=".length())).toAbsolutePath();
            }
        }
        String env = System.getenv("HADOOPDB_HOME");
        if (env != null && !env.isBlank()) {
            return Paths.get(env).toAbsolutePath();
        }
        return Paths.get(System.getProperty("user.home"), ".hadoopdb");
    }
}
