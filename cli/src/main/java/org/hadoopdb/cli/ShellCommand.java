package org.hadoopdb.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.hadoopdb.cli.shell.JdbcScripts;
import org.hadoopdb.jdbc.HadoopDbDriver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import sqlline.SqlLine;

/**
 * {@code hadoopdb shell --url jdbc:hadoopdb://host:port}: the shell on a remote query server, through
 * the JDBC driver. {@code -e}/{@code -f} behave as the local shell's (TSV rows on stdout, exit code 1
 * at the first failure); interactively it is SQLLine ({@code !tables}, {@code !columns T},
 * {@code !describe T}, {@code !quit}).
 */
@Command(name = "shell", mixinStandardHelpOptions = true, description = {"The HiveQL shell on a remote query server (hadoopdb server).",
        "Interactive (SQLLine) or -e / -f like the local shell."})
public final class ShellCommand extends BaseCommand {
    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "The server, e.g. jdbc:hadoopdb://db1:8765 (add ;ssl=true for HTTPS).")
    String url;

    @Option(names = {"-n", "--user"}, paramLabel = "USER", description = "User name on the server.")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "File whose first line is the password (without it the password is asked for).")
    Path passwordFile;

    @Mixin
    ScriptOptions script;

    @Override
    public Integer call() throws IOException, SQLException {
        if (!url.startsWith("jdbc:hadoopdb:")) {
            throw new ParameterException(spec.commandLine(), "--url must be a HadoopDB JDBC URL (jdbc:hadoopdb://host:port), got " + url);
        }
        String script = this.script.script(spec);
        char[] password = password();
        if (script == null) {
            return sqlLine(password);
        }
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
            p.setProperty("password", new String(password));
        }
        try (Connection c = DriverManager.getConnection(url, p)) {
            boolean ok = JdbcScripts.run(c, script, console().out(), console().err(), this.script.header(), this.script.silent(), root().global().verbose());
            return ok ? 0 : 1;
        }
    }

    private char[] password() {
        if (user == null) {
            return new char[0];
        }
        if (passwordFile != null) {
            return Passwords.fromFile(passwordFile);
        }
        return Passwords.prompt("Password for " + user, false, "give --password-file FILE");
    }

    /** SQLLine on the same connection settings; it owns the terminal until {@code !quit}. */
    private int sqlLine(char[] password) throws IOException {
        List<String> args = new ArrayList<>(List.of("-d", HadoopDbDriver.class.getName(), "-u", url));
        if (user != null) {
            args.addAll(List.of("-n", user, "-p", new String(password)));
        }
        SqlLine.Status status = new SqlLine().begin(args.toArray(new String[0]), null, true);
        return status == SqlLine.Status.OK ? 0 : 1;
    }
}
