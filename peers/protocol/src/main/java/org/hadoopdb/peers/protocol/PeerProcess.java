package org.hadoopdb.peers.protocol;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The benchmark's side of the protocol ({@link PeerServer}): one peer runner in a JVM of its own, started from
 * its {@link PeerLaunch}, its standard error written to a log file that errors quote from.
 *
 * <pre>
 * try (PeerProcess duckdb = PeerProcess.start(PeerLaunch.read(dir), work, work.resolve("duckdb.log"))) {
 *     duckdb.define(table);
 *     double loadSeconds = duckdb.load("rankings", "native");
 *     PeerProcess.Timed t = duckdb.query("native", "SELECT count(*) FROM rankings", work.resolve("out.tsv"));
 * }
 * </pre>
 */
public final class PeerProcess implements AutoCloseable {
    /** How long a runner may take to exit after QUIT before it is killed (it only closes its peer). */
    private static final long EXIT_GRACE_SECONDS = 60;

    private final String name;
    private final Process process;
    private final PrintStream commands;
    private final BufferedReader replies;
    private final Path log;
    private final List<String> variants;

    private PeerProcess(String name, Process process, Path log) throws IOException {
        this.name = name;
        this.process = process;
        this.log = log;
        this.commands = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        this.replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        List<String> ready = awaitReady();
        this.variants = List.copyOf(ready.subList(1, ready.size()));
    }

    /** A timed call's result: seconds inside the peer, and the rows a query wrote (0 for a load). */
    public record Timed(double seconds, long rows) {
    }

    /** Starts the runner in {@code workDir} (its scratch space) and waits until its peer is ready. */
    public static PeerProcess start(PeerLaunch launch, Path workDir, Path log) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(launch.jvmOptions());
        cmd.add("-cp");
        cmd.add(String.join(java.io.File.pathSeparator, launch.classPath().stream().map(Path::toString).toList()));
        cmd.add(launch.mainClass());
        cmd.add(workDir.toAbsolutePath().toString());
        try {
            Files.createDirectories(workDir);
            Process p = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectError(log.toFile()).start();
            try {
                return new PeerProcess(launch.name(), p, log);
            } catch (RuntimeException | IOException e) {
                p.destroyForcibly();
                throw e;
            }
        } catch (IOException e) {
            throw new PeerException("Cannot start peer " + launch.name() + ": " + e.getMessage(), e);
        }
    }

    public String name() {
        return name;
    }

    /** The variants the peer offers, its default first. */
    public List<String> variants() {
        return variants;
    }

    public void define(PeerTable table) {
        List<String> f = new ArrayList<>(List.of("DEFINE"));
        f.addAll(table.toFields());
        call(f);
    }

    /** Prepares {@code table} on {@code variant} (the timed load); returns the peer's seconds. */
    public Timed load(String table, String variant) {
        List<String> r = call(List.of("LOAD", table, variant));
        return new Timed(Double.parseDouble(r.get(1)), 0);
    }

    /** Runs {@code sql} on {@code variant}; the rows are in {@code resultFile} ({@link Fields} lines). */
    public Timed query(String variant, String sql, Path resultFile) {
        List<String> r = call(List.of("QUERY", variant, resultFile.toAbsolutePath().toString(), sql));
        return new Timed(Double.parseDouble(r.get(1)), Long.parseLong(r.get(2)));
    }

    /**
     * The runner's peak resident memory so far in bytes ({@code VmHWM} of {@code /proc/<pid>/status}), or -1
     * where the system does not say.
     */
    public long peakMemoryBytes() {
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).strip().split("\\s+")[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1; // not Linux, or the process is gone: the report says "unknown"
        }
        return -1;
    }

    private List<String> call(List<String> command) {
        commands.println(Fields.join(command));
        List<String> r = reply(command.get(0));
        if (r.get(0).equals("OK")) {
            return r;
        }
        throw new PeerException("Peer " + name + " failed on " + command.get(0) + ": " + (r.size() > 1 ? r.get(1) : r)
                + " (its log: " + log + ")");
    }

    /** Skips what the runner printed before it started serving, up to its PEER-READY line. */
    private List<String> awaitReady() {
        while (true) {
            String line = rawReply("start");
            if (line.startsWith("PEER-READY")) {
                return Fields.split(line);
            }
            if (line.startsWith("PEER-FAILED")) {
                List<String> f = Fields.split(line);
                throw new PeerException("Peer " + name + " did not start: " + (f.size() > 1 ? f.get(1) : "") + " (its log: " + log + ")");
            }
        }
    }

    private List<String> reply(String what) {
        return Fields.split(rawReply(what));
    }

    private String rawReply(String what) {
        String line;
        try {
            line = replies.readLine();
        } catch (IOException e) {
            throw new PeerException("Peer " + name + ": cannot read its reply to " + what + ": " + e.getMessage(), e);
        }
        if (line == null) {
            throw new PeerException("Peer " + name + " exited during " + what + "; the end of its log (" + log + "):\n" + logTail());
        }
        return line;
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException | RuntimeException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Asks the runner to quit and waits for it; one that does not exit within a minute is killed. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                commands.println("QUIT");
                commands.close();
                if (!process.waitFor(EXIT_GRACE_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
