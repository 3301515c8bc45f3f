package org.hadoopdb.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns a failed command into one clear line on stderr ({@code hadoopdb: <message>}) and exit code 1;
 * the stack trace goes to the log file, and to stderr with {@code --verbose}.
 */
final class ErrorReporter implements IExecutionExceptionHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorReporter.class);
    private final Console console;

    ErrorReporter(Console console) {
        this.console = console;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parseResult) {
        LOG.error("Command '{}' failed", cmd.getCommandName(), e);
        String message = e.getMessage() != null ? e.getMessage() : e.toString();
        console.err().println("hadoopdb: " + message);
        HadoopDbCommand root = (HadoopDbCommand) cmd.getCommandSpec().root().userObject();
        if (root.global() != null && root.global().verbose()) {
            console.err().print(StackTraces.format(e));
        }
        console.err().flush();
        return 1;
    }
}
