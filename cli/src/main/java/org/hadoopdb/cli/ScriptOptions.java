package org.hadoopdb.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The hive CLI's script options, shared by the local shell and the remote one: {@code -e}, {@code -f}, {@code --header}, {@code -S}. */
public final class ScriptOptions {
    @Option(names = "-e", paramLabel = "STATEMENTS", description = "Run these HiveQL statements (separated by ';') and exit.")
    String statements;

    @Option(names = "-f", paramLabel = "FILE", description = "Run the HiveQL script in FILE and exit.")
    Path file;

    @Option(names = "--header", description = "With -e/-f: print the column names as the first line of each result.")
    boolean header;

    @Option(names = {"-S", "--silent"}, description = "With -e/-f: print only results (no progress, timings or reports).")
    boolean silent;

    /** The script of {@code -e} or {@code -f}, or null for an interactive shell. */
    public String script(CommandSpec spec) throws IOException {
        if (statements != null && file != null) {
            throw new ParameterException(spec.commandLine(), "Give either -e or -f, not both");
        }
        if (file == null) {
            return statements;
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ParameterException(spec.commandLine(), "Script file not found: " + file);
        }
    }

    public boolean header() {
        return header;
    }

    public boolean silent() {
        return silent;
    }
}
