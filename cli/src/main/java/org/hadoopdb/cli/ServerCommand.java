package org.hadoopdb.cli;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.console.ConsoleSettings;
import org.hadoopdb.console.WebConsole;
import org.hadoopdb.hs2.Hs2Server;
import org.hadoopdb.hs2.Hs2Settings;
import org.hadoopdb.jdbc.queries.QueryHistoryFile;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.hadoopdb.engine.session.HadoopDbEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hadoopdb server}: the JDBC query server and, beside it, the HiveServer2 endpoint (unless
 * {@code hadoopdb.server.hs2.port} is -1), until Ctrl-C / SIGTERM (which finishes or cancels running
 * statements, see {@code hadoopdb.server.shutdown-grace}). Both share the users, the login throttling
 * and the limit on running statements. Its users are managed with
 * {@code hadoopdb server add-user NAME} and {@code remove-user NAME}.
 */
@Command(name = "server", mixinStandardHelpOptions = true, description = {"The JDBC query server for BI tools and remote shells.",
        "Clients connect with jdbc:hadoopdb://host:port, or with Hive's driver, beeline and BI tools' Hive connectors "
                + "to jdbc:hive2://host:hs2-port/default; see hadoopdb.server.* settings."},
        subcommands = {ServerCommand.AddUser.class, ServerCommand.RemoveUser.class})
public final class ServerCommand extends BaseCommand {
    @Option(names = "--port", paramLabel = "PORT", description = "Port to listen on (default: hadoopdb.server.port, 8765).")
    Integer port;

    @Option(names = "--hs2-port", paramLabel = "PORT", description = "Port of the HiveServer2 endpoint (default: "
            + "hadoopdb.server.hs2.port, 10000; -1 turns it off).")
    Integer hs2Port;

    @Option(names = "--ui-port", paramLabel = "PORT", description = "Port of the web console (default: "
            + "hadoopdb.server.ui.port, -1 = off; 0 picks a free port).")
    Integer uiPort;

    @Override
    public Integer call() throws InterruptedException {
        HadoopDbConfig config = config();
        ServerSettings settings = ServerSettings.from(config);
        if (port != null) {
            settings = settings.withPort(port);
        }
        Hs2Settings hs2Settings = Hs2Settings.from(config, settings);
        if (hs2Port != null) {
            hs2Settings = hs2Settings.withPort(hs2Port);
        }
        ConsoleSettings ui = ConsoleSettings.from(config);
        if (uiPort != null) {
            ui = ui.withPort(uiPort);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        // the web console shows the statements of earlier runs too: the finished ones are kept in the home
        QueryRegistry queries = ui.enabled()
                ? new QueryRegistry(ui.history(), new QueryHistoryFile(config.home().runDir().resolve("query-history.jsonl"),
                        ui.history()))
                : new QueryRegistry(ui.history());
        try (HadoopDbEngine engine = HadoopDbEngine.start(config, console()::note);
             QueryServer server = QueryServer.start(engine, settings, queries);
             Hs2Server hs2 = hs2Settings.enabled() ? Hs2Server.start(engine, hs2Settings, server.gate(), server.logins(),
                     server.queries()) : null;
             WebConsole web = ui.enabled() ? WebConsole.start(engine, server, settings, ui) : null) {
            console().note("HadoopDB query server: " + server.jdbcUrl() + (hs2 == null ? "" : ", HiveServer2: " + hs2.jdbcUrl())
                    + (web == null ? "" : ", web console: " + web.url())
                    + (settings.authenticate() ? " (users in " + settings.usersFile() + ")"
                    : " (no authentication, local clients only)") + "; Ctrl-C stops it");
            Thread hook = new Thread(() -> {
                // the HiveServer2 endpoint first: closing the query server ends awaitClose, and with it the command
                try {
                    if (hs2 != null) {
                        hs2.close();
                    }
                } finally {
                    server.close();
                }
                try {
                    stopped.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "hadoopdb-server-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            server.awaitClose();
        } finally {
            stopped.countDown();
        }
        return 0;
    }

    static UsersFile users(HadoopDbConfig config) {
        return new UsersFile(ServerSettings.from(config).usersFile());
    }

    /** {@code hadoopdb server add-user NAME}: creates the user, or sets a new password. */
    @Command(name = "add-user", mixinStandardHelpOptions = true, description = "Add a user to the server's users file, or give a user a new password.")
    static final class AddUser extends BaseCommand {
        @Parameters(paramLabel = "NAME", description = "The user name.")
        String name;

        @Option(names = "--password-file", paramLabel = "FILE", description = "File whose first line is the password "
                + "(without it the password is asked for twice).")
        Path passwordFile;

        @Override
        public Integer call() {
            char[] password = passwordFile != null ? Passwords.fromFile(passwordFile)
                    : Passwords.prompt("Password for " + name, true, "give --password-file FILE");
            UsersFile users = users(config());
            users.put(name, password);
            java.util.Arrays.fill(password, '\0');
            console().note("User " + name + " saved in " + users.path());
            return 0;
        }
    }

    /** {@code hadoopdb server remove-user NAME}. */
    @Command(name = "remove-user", mixinStandardHelpOptions = true, description = "Remove a user from the server's users file.")
    static final class RemoveUser extends BaseCommand {
        @Parameters(paramLabel = "NAME", description = "The user name.")
        String name;

        @Override
        public Integer call() {
            UsersFile users = users(config());
            if (!users.remove(name)) {
                throw new CliException("No user " + name + " in " + users.path());
            }
            console().note("User " + name + " removed from " + users.path());
            return 0;
        }
    }
}
