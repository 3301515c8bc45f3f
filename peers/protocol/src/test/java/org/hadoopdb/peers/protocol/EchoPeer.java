package org.hadoopdb.peers.protocol;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A peer that "queries" its tables' text files: a query is a table name, answered with its lines split on the
 * delimiter. {@code PeerProcessTest} runs it in a JVM of its own, as the benchmark runs the real peers.
 */
public final class EchoPeer implements Peer {
    private final List<PeerTable> tables = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        System.out.println("noise before the runner serves"); // skipped by the benchmark's side
        PeerServer.serve(EchoPeer::new);
    }

    EchoPeer() {
        System.out.println("noise a library prints on standard output"); // goes to the log, not into the protocol
    }

    @Override
    public List<String> variants() {
        return List.of("text", "copy");
    }

    @Override
    public void define(PeerTable table) {
        tables.add(table);
    }

    @Override
    public void load(String table, String variant) {
        find(table);
    }

    @Override
    public void query(String variant, String sql, ResultWriter out) throws Exception {
        PeerTable t = find(sql.strip());
        try (var files = Files.list(Path.of(t.directory()))) {
            for (Path f : files.sorted().toList()) {
                for (String line : Files.readAllLines(f)) {
                    out.row(line.split(java.util.regex.Pattern.quote(String.valueOf(t.delimiter())), -1));
                }
            }
        }
    }

    private PeerTable find(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new PeerException("Table '" + name + "' is not defined"));
    }

    @Override
    public void close() {
    }
}
