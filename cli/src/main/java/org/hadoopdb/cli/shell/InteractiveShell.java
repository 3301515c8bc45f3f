package org.hadoopdb.cli.shell;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.engine.session.Session;
import org.jline.reader.EOFError;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive HiveQL shell: line editing and a history file, statements over several lines
 * until a {@code ;} (outside quotes and comments), results as tables. {@code Ctrl-C} while a statement
 * runs cancels it (its jobs are killed); while typing, it discards the line. {@code quit;},
 * {@code exit;} or {@code Ctrl-D} leave.
 */
public final class InteractiveShell {
    private static final String PROMPT = "hadoopdb> ";
    private static final String CONTINUATION = "        > ";

    private final Session session;
    private final Path historyFile;
    private final boolean verbose;

    /** {@code hadoopdb> }, or {@code hadoopdb (sales)> } once another database than default is in use. */
    private String prompt() {
        String db = session.database();
        return db.equals("default") ? PROMPT : "hadoopdb (" + db + ")> ";
    }

    public InteractiveShell(Session session, Path historyFile, boolean verbose) {
        this.session = session;
        this.historyFile = historyFile;
        this.verbose = verbose;
    }

    /** Runs until the user leaves; returns the exit code (0). */
    public int run() throws IOException {
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("hadoopdb")
                    .parser(new StatementParser())
                    .variable(LineReader.HISTORY_FILE, historyFile)
                    .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION)
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                    .build();
            PrintWriter out = terminal.writer();
            ScriptRunner runner = new ScriptRunner(session, new TablePrinter(out), out, false, verbose);
            out.println("HadoopDB shell. Statements end with ';'. Type 'quit;' or press Ctrl-D to leave.");
            while (true) {
                String text;
                try {
                    text = reader.readLine(prompt());
                } catch (UserInterruptException e) {
                    continue; // Ctrl-C while typing: drop the line
                } catch (EndOfFileException e) {
                    return 0;
                }
                String command = text.strip().replaceAll(";+$", "").strip().toLowerCase(Locale.ROOT);
                if (command.equals("quit") || command.equals("exit")) {
                    return 0;
                }
                if (command.isEmpty()) {
                    continue;
                }
                Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> session.cancel());
                try {
                    runner.run(text);
                } finally {
                    terminal.handle(Terminal.Signal.INT, previous);
                }
            }
        }
    }

    /** Asks JLine for more lines while the statement is not terminated. */
    private static final class StatementParser implements Parser {
        private final DefaultParser words = new DefaultParser();

        @Override
        public ParsedLine parse(String line, int cursor, ParseContext context) {
            if (context == ParseContext.ACCEPT_LINE) {
                String command = line.strip().toLowerCase(Locale.ROOT);
                boolean leaving = command.equals("quit") || command.equals("exit");
                if (!leaving && HiveQlParser.endsInsideStatement(line)) {
                    throw new EOFError(-1, cursor, "statement not terminated by ';'");
                }
            }
            return words.parse(line, cursor, ParseContext.SPLIT_LINE);
        }
    }
}
