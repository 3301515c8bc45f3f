package org.hadoopdb.peers.protocol;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The peer's side of the protocol: the {@code main} of every peer runner calls {@link #serve} with a factory of
 * its {@link Peer}. The benchmark writes one command per line on the runner's standard input and reads one reply
 * per line from its standard output; everything the peer system itself prints goes to standard error (standard
 * output is taken over before the peer starts, so a library's {@code System.out} cannot break the protocol).
 *
 * <pre>
 * (runner starts)                       → PEER-READY  variant…   (or PEER-FAILED  message)
 * DEFINE name dir delimiter col:TYPE…   → OK
 * LOAD table variant                    → OK  seconds
 * QUERY variant result-file sql         → OK  seconds  rows
 * QUIT                                  → (the runner closes the peer and exits)
 * any command that fails                → ERROR  message      (the runner goes on)
 * </pre>
 *
 * Lines a runner prints before it calls {@link #serve} are skipped up to the PEER-READY line. Fields are tab-separated and escaped as {@link Fields} says. Seconds are measured inside the peer's JVM around
 * the call (a query's include writing its rows to the result file), so the protocol's own cost is not timed.
 */
public final class PeerServer {
    private static final System.Logger LOG = System.getLogger(PeerServer.class.getName());
    private final Peer peer;
    private final PrintStream replies;

    private PeerServer(Peer peer, PrintStream replies) {
        this.peer = peer;
        this.replies = replies;
    }

    /** Starts the peer with {@code factory} and answers commands until QUIT or the end of the input. */
    public static void serve(Callable<Peer> factory) throws Exception {
        PrintStream replies = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        Peer peer;
        try {
            peer = factory.call();
        } catch (Exception | LinkageError e) {
            replies.println(Fields.join(List.of("PEER-FAILED", "the peer did not start: " + describe(e))));
            throw e;
        }
        try (peer) {
            List<String> ready = new ArrayList<>(List.of("PEER-READY"));
            ready.addAll(peer.variants());
            replies.println(Fields.join(ready));
            new PeerServer(peer, replies).loop(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        }
    }

    private void loop(BufferedReader commands) throws Exception {
        String line;
        while ((line = commands.readLine()) != null) {
            List<String> f = Fields.split(line);
            String command = f.get(0).toUpperCase(Locale.ROOT);
            if (command.equals("QUIT")) {
                return;
            }
            try {
                replies.println(Fields.join(answer(command, f.subList(1, f.size()))));
            } catch (Exception | LinkageError e) {
                // the peer's log (standard error) keeps the trace, the reply the message
                LOG.log(System.Logger.Level.ERROR, "command " + command + " failed", e);
                replies.println(Fields.join(List.of("ERROR", describe(e))));
            }
        }
    }

    private List<String> answer(String command, List<String> args) throws Exception {
        switch (command) {
            case "DEFINE" -> {
                peer.define(PeerTable.fromFields(args));
                return List.of("OK");
            }
            case "LOAD" -> {
                need(command, args, 2);
                long start = System.nanoTime();
                peer.load(args.get(0), args.get(1));
                return List.of("OK", seconds(start));
            }
            case "QUERY" -> {
                need(command, args, 3);
                long start = System.nanoTime();
                long rows;
                try (ResultWriter out = new ResultWriter(Path.of(args.get(1)))) {
                    peer.query(args.get(0), args.get(2), out);
                    rows = out.rows();
                }
                return List.of("OK", seconds(start), Long.toString(rows));
            }
            default -> throw new PeerException("Unknown command '" + command + "': DEFINE, LOAD, QUERY or QUIT");
        }
    }

    private static void need(String command, List<String> args, int n) {
        if (args.size() != n) {
            throw new PeerException(command + " takes " + n + " fields, got " + args.size() + ": " + args);
        }
    }

    private static String seconds(long start) {
        return Double.toString((System.nanoTime() - start) / 1e9);
    }

    /** The exception's message and its causes', in one line. */
    static String describe(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null && s.length() < 2000; t = t.getCause() == t ? null : t.getCause()) {
            if (!s.isEmpty()) {
                s.append(" <- ");
            }
            s.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
        }
        return s.toString();
    }
}
