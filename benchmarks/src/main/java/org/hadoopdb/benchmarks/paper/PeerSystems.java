package org.hadoopdb.benchmarks.paper;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.hadoopdb.benchmarks.report.MemoryUse;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.cli.quickstart.PaperData;
import org.hadoopdb.datagen.PavloTable;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerLaunch;
import org.hadoopdb.peers.protocol.PeerProcess;
import org.hadoopdb.peers.protocol.PeerTable;
import org.hadoopdb.peers.protocol.PeerTable.Column;
import org.hadoopdb.peers.protocol.PeerTable.Type;

/**
 * The peer systems of one benchmark run: one runner process per peer (started from what its module's build left in
 * {@code <peers-dir>/<peer>/target}, its standard error in {@code <peer>.log} of the results folder), and a
 * {@link PeerSystem} per variant asked for. A system key is {@code <peer>} for the peer's default variant (the first
 * it offers) or {@code <peer>-<variant>}: {@code duckdb}, {@code duckdb-text}, {@code spark}, {@code spark-parquet},
 * {@code hive}, {@code hive-orc}. Nothing here knows a particular peer: a peer is its launch description and the
 * variants its runner offers.
 */
final class PeerSystems implements AutoCloseable {
    /** The peer modules of the source tree, for messages (any built module under the peers directory works). */
    static final List<String> EXAMPLES = List.of("duckdb", "duckdb-text", "spark", "spark-parquet", "hive", "hive-orc");

    private final Map<String, PeerProcess> processes = new LinkedHashMap<>();
    private final Map<String, PeerSystem> systems = new LinkedHashMap<>();
    private final Path workRoot;

    /** A system key split into its peer and its variant (null: the peer's default). */
    record Key(String peer, String variant) {
        static Key parse(String key) {
            int dash = key.indexOf('-');
            return dash < 0 ? new Key(key, null) : new Key(key.substring(0, dash), key.substring(dash + 1));
        }
    }

    private PeerSystems(Path workRoot) {
        this.workRoot = workRoot;
    }

    /** True when {@code key} names a peer whose module exists under {@code peersDir} (built or not). */
    static boolean isPeer(String key, Path peersDir) {
        String peer = Key.parse(key).peer();
        return !peer.isEmpty() && !peer.equals("protocol") && Files.isRegularFile(peersDir.resolve(peer).resolve("pom.xml"));
    }

    /**
     * Starts the runner of every peer the keys name, once each, and checks that it offers the variants asked for.
     *
     * @param keys     system keys, each passing {@link #isPeer}
     * @param logDir   where each runner's standard error goes ({@code <peer>.log})
     * @param workRoot the runners' scratch space ({@code <workRoot>/<peer>}), deleted with everything in it when they
     *                 are closed
     */
    static PeerSystems start(List<String> keys, Path peersDir, Path logDir, Path workRoot, long selectionThreshold,
                             Consumer<String> notes) {
        PeerSystems peers = new PeerSystems(workRoot);
        try {
            for (String key : keys) {
                Key k = Key.parse(key);
                PeerProcess process = peers.processes.get(k.peer());
                if (process == null) {
                    PeerLaunch launch = launch(peersDir, k.peer());
                    Path work = workRoot.resolve(k.peer());
                    Path log = logDir.resolve(k.peer() + ".log");
                    notes.accept("Starting peer " + k.peer() + " (its log: " + log + ")");
                    process = PeerProcess.start(launch, work, log);
                    peers.processes.put(k.peer(), process);
                }
                String variant = k.variant() == null ? process.variants().get(0) : k.variant();
                if (!process.variants().contains(variant)) {
                    throw new IllegalArgumentException("System '" + key + "': peer " + k.peer() + " has no variant '" + variant
                            + "'; it offers " + String.join(", ", process.variants()));
                }
                PeerSystem system = new PeerSystem(process, variant, selectionThreshold,
                        workRoot.resolve(k.peer()).resolve("result-" + variant + ".tsv"));
                if (peers.systems.values().stream().anyMatch(s -> s.name().equals(system.name()))) {
                    throw new IllegalArgumentException("System '" + key + "' is asked for twice (" + system.name() + ")");
                }
                peers.systems.put(key, system);
            }
            return peers;
        } catch (RuntimeException e) {
            try {
                peers.close();
            } catch (IOException | RuntimeException c) {
                e.addSuppressed(c);
            }
            throw e;
        }
    }

    /** The runner's launch description; a clear error when its module is not built. */
    static PeerLaunch launch(Path peersDir, String peer) {
        Path target = peersDir.resolve(peer).resolve("target");
        if (!Files.isRegularFile(target.resolve(PeerLaunch.PROPERTIES))) {
            throw new IllegalArgumentException("Peer " + peer + ": its module peers/" + peer + " is not built (no "
                    + target.resolve(PeerLaunch.PROPERTIES) + "); build it in the source tree with "
                    + "./mvnw -q package -DskipTests -pl peers/" + peer + " -am, or point --peers-dir at a directory of built peers");
        }
        return PeerLaunch.read(target);
    }

    /**
     * The {@code peers} directory of the source tree this code was built in: the directory above the benchmarks
     * module's {@code target/classes} (or its jar in {@code target}).
     */
    static Path sourceTreePeers() {
        try {
            Path code = Path.of(PeerSystems.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path module = code.getParent() == null ? null : code.getParent().getParent();
            if (module == null || module.getParent() == null) {
                throw new IllegalStateException("The benchmarks' code at " + code + " is not inside a source tree: give --peers-dir");
            }
            return module.getParent().resolve("peers");
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("Cannot find the source tree's peers directory from the benchmarks' code ("
                    + e.getMessage() + "): give --peers-dir", e);
        }
    }

    /** The system of a key given to {@link #start}. */
    PeerSystem system(String key) {
        return systems.get(key);
    }

    /** Makes the tables' text files known to every peer (untimed: it reads no data). */
    void define(PaperData data, Collection<PavloTable> tables) {
        for (PeerProcess p : processes.values()) {
            for (PavloTable t : tables) {
                p.define(table(t, data.files(t)));
            }
        }
    }

    /**
     * Loads one table on every variant (the timed load; about nothing for SQL over text). A variant whose load fails
     * runs nothing more (its tasks are notes saying why) and the failure goes to {@code failures}: the other systems
     * go on.
     */
    List<Measurement> load(PavloTable table, String task, Consumer<String> failures) {
        List<Measurement> out = new ArrayList<>();
        for (PeerSystem s : systems.values()) {
            if (s.failure() != null) {
                continue;
            }
            try {
                PeerProcess.Timed t = s.process().load(table.directoryName(), s.variant());
                out.add(new Measurement(task, s.name(), List.of(t.seconds()), -1));
            } catch (PeerException e) {
                s.failed("its load of " + table.sqlName() + " failed");
                failures.accept(task + ": " + s.name() + " failed: " + e.getMessage());
            }
        }
        return out;
    }

    /** True when every variant loaded all its tables. */
    boolean allLoaded() {
        return systems.values().stream().allMatch(s -> s.failure() == null);
    }

    /** Each runner's peak resident memory so far, with the systems it served. */
    List<MemoryUse> memory() {
        List<MemoryUse> out = new ArrayList<>();
        processes.forEach((peer, p) -> out.add(new MemoryUse(peer + " runner JVM", String.join(", ", systems.values().stream()
                .filter(s -> s.process() == p).map(PeerSystem::name).toList()), p.peakMemoryBytes(), "peak resident (VmHWM)")));
        return out;
    }

    /** A table as the peers see it: the generator's files, '|'-separated (Grep's one column: no delimiter occurs). */
    static PeerTable table(PavloTable table, Path dir) {
        String d = dir.toAbsolutePath().toString();
        return switch (table) {
            case RANKINGS -> new PeerTable("rankings", d, '|', List.of(new Column("pagerank", Type.INT),
                    new Column("pageurl", Type.STRING), new Column("avgduration", Type.INT)));
            case USERVISITS -> new PeerTable("uservisits", d, '|', List.of(new Column("sourceip", Type.STRING),
                    new Column("desturl", Type.STRING), new Column("visitdate", Type.DATE), new Column("adrevenue", Type.DOUBLE),
                    new Column("useragent", Type.STRING), new Column("countrycode", Type.STRING),
                    new Column("languagecode", Type.STRING), new Column("searchword", Type.STRING), new Column("duration", Type.INT)));
            case GREP -> new PeerTable("grep", d, '\u0001', List.of(new Column("record", Type.STRING)));
            case DOCUMENTS -> throw new IllegalArgumentException("The peers do not run the UDF aggregation: no Documents table");
        };
    }

    /** Stops every runner, then deletes their scratch space (a peer's database may be as big as the data). */
    @Override
    public void close() throws IOException {
        processes.values().forEach(PeerProcess::close);
        if (Files.exists(workRoot)) {
            try (Stream<Path> all = Files.walk(workRoot)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
