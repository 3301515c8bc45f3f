package org.hadoopdb.cli.docker;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The simple commands of a bash script, as words, for checking which programs it runs with which
 * arguments. Handles what docker/*.sh use: quotes, comments, line continuations, {@code ;},
 * {@code &&}, {@code ||}, pipes, {@code $(...)} (also inside double quotes), redirections (dropped)
 * and variables (replaced by a known value, else by their name). Not a full shell parser: no
 * here-documents, no arrays.
 *
 * <pre>{@code
 * for (ShellCommands.Command c : ShellCommands.parse(script, Map.of("APP", "/opt/hadoopdb"))) {
 *     if (c.program().equals("hadoopdb")) { ... c.arguments() ... }
 * }
 * }</pre>
 */
final class ShellCommands {
    /** Words that may precede the program of a simple command. */
    private static final Set<String> PREFIXES = Set.of("if", "then", "else", "elif", "do", "while", "until", "!", "exec", "time",
            "{", "local", "export");

    /** One simple command: the 1-based line it starts on and its words, prefixes and assignments removed. */
    record Command(int line, List<String> words) {
        String program() {
            return words.get(0);
        }

        List<String> arguments() {
            return words.subList(1, words.size());
        }
    }

    private final String text;
    private final Map<String, String> variables;
    private final List<Command> commands = new ArrayList<>();
    /** The commands around the open {@code $(...)}s, continued after their ')'. */
    private final Deque<Frame> substitutions = new ArrayDeque<>();
    private List<String> words = new ArrayList<>();
    private StringBuilder word;
    private int line = 1;
    private int commandLine = 1;
    private boolean inDouble;
    private boolean skipNextWord;
    private boolean dropIfEmpty;
    private int i;

    private record Frame(boolean inDouble, List<String> words, StringBuilder word, int commandLine) {
    }

    private ShellCommands(String text, Map<String, String> variables) {
        this.text = text;
        this.variables = variables;
    }

    /** The script's simple commands in order; {@code $NAME} and {@code ${NAME...}} become {@code variables.get(NAME)}, else NAME. */
    static List<Command> parse(String script, Map<String, String> variables) {
        ShellCommands s = new ShellCommands(script, variables);
        s.run();
        return s.commands;
    }

    private void run() {
        for (i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (inDouble) {
                inDouble(c);
            } else {
                outside(c);
            }
        }
        endCommand();
    }

    private void inDouble(char c) {
        if (c == '"') {
            inDouble = false;
        } else if (c == '\\' && i + 1 < text.length()) {
            append(text.charAt(++i));
        } else if (c == '$') {
            dollar();
        } else {
            append(c);
        }
    }

    private void outside(char c) {
        switch (c) {
            case '\'' -> {
                int end = text.indexOf('\'', i + 1);
                end = end < 0 ? text.length() : end;
                String quoted = text.substring(i + 1, end);
                line += (int) quoted.chars().filter(ch -> ch == '\n').count();
                quoted.chars().forEach(ch -> append((char) ch));
                i = end;
            }
            case '"' -> {
                inDouble = true;
                append(null);
            }
            case '\\' -> {
                if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                    line++;
                } else if (i + 1 < text.length()) {
                    append(text.charAt(++i));
                }
            }
            case '#' -> {
                if (word == null) {
                    while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                        i++;
                    }
                } else {
                    append(c);
                }
            }
            case '$' -> dollar();
            case ' ', '\t' -> endWord();
            case '\n', ';', '&', '|', '(' -> endCommand();
            case ')' -> {
                endCommand();
                if (!substitutions.isEmpty()) {
                    Frame outer = substitutions.pop();
                    inDouble = outer.inDouble();
                    words = outer.words();
                    word = outer.word() != null ? outer.word() : new StringBuilder();
                    commandLine = outer.commandLine();
                }
            }
            case '<', '>' -> redirection();
            default -> append(c);
        }
    }

    /** After '$': a command substitution, or a variable. */
    private void dollar() {
        char next = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
        if (next == '(') {
            i++;
            substitutions.push(new Frame(inDouble, words, word, commandLine));
            inDouble = false;
            words = new ArrayList<>();
            word = null;
            return;
        }
        if (next == '@' || next == '*') {
            // "$@": the script's arguments, none of which the text shows
            i++;
            append(null);
            dropIfEmpty = true;
            return;
        }
        int start = i + 1;
        String name;
        if (next == '{') {
            int end = text.indexOf('}', start);
            String inner = text.substring(start + 1, end);
            name = inner.split("[^A-Za-z0-9_]", 2)[0];
            i = end;
        } else {
            int end = start;
            while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                end++;
            }
            if (end == start) {
                append('$');
                return;
            }
            name = text.substring(start, end);
            i = end - 1;
        }
        variables.getOrDefault(name, name).chars().forEach(ch -> append((char) ch));
    }

    /** Drops a redirection: an fd number before it, the operator, and its target. */
    private void redirection() {
        if (word != null && word.toString().chars().allMatch(Character::isDigit)) {
            word = null;
        } else {
            endWord();
        }
        while (i + 1 < text.length() && "<>&".indexOf(text.charAt(i + 1)) >= 0) {
            i++;
        }
        if (text.charAt(i) == '&' && i + 1 < text.length() && Character.isDigit(text.charAt(i + 1))) {
            while (i + 1 < text.length() && Character.isDigit(text.charAt(i + 1))) {
                i++;
            }
        } else {
            skipNextWord = true;
        }
    }

    private void append(Character c) {
        if (word == null) {
            word = new StringBuilder();
            if (words.isEmpty()) {
                commandLine = line;
            }
        }
        if (c != null) {
            word.append(c);
        }
    }

    private void endWord() {
        if (word != null) {
            if (skipNextWord) {
                skipNextWord = false;
            } else if (!(dropIfEmpty && word.isEmpty())) {
                words.add(word.toString());
            }
            word = null;
        }
        dropIfEmpty = false;
    }

    private void endCommand() {
        endWord();
        skipNextWord = false;
        int start = 0;
        while (start < words.size() && (PREFIXES.contains(words.get(start)) || words.get(start).matches("[A-Za-z_][A-Za-z0-9_]*=.*"))) {
            start++;
        }
        if (start < words.size()) {
            commands.add(new Command(commandLine, List.copyOf(words.subList(start, words.size()))));
        }
        words = new ArrayList<>();
    }
}
