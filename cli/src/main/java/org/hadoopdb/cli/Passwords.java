package org.hadoopdb.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Passwords from a file (its first line) or typed at the terminal without echo; never from the command line. */
public final class Passwords {
    private Passwords() {
    }

    public static char[] fromFile(Path file) {
        try {
            String first = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("");
            if (first.isEmpty()) {
                throw new CliException("The password file " + file + " is empty: put the password on its first line");
            }
            return first.toCharArray();
        } catch (IOException e) {
            throw new CliException("Cannot read the password file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Asks at the terminal; {@code twice} to confirm a new password. */
    static char[] prompt(String what, boolean twice, String useInstead) {
        java.io.Console console = System.console();
        if (console == null) {
            throw new CliException("No terminal to type the " + what + " at: " + useInstead);
        }
        char[] first = console.readPassword("%s: ", what);
        if (first == null || first.length == 0) {
            throw new CliException("No " + what + " given");
        }
        if (twice) {
            char[] again = console.readPassword("%s again: ", what);
            if (!Arrays.equals(first, again)) {
                throw new CliException("The two " + what + "s differ");
            }
        }
        return first;
    }
}
