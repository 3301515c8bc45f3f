package org.hadoopdb.cluster.embedded;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.FileTrees;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.store.CatalogStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded PostgreSQL nodes of one HadoopDB home: creating them, starting and stopping them,
 * and sharing them safely between commands that run at the same time.
 *
 * <p>Coordination lives in {@code <home>/run}: a lock file serialises start/stop decisions, each
 * user holds a lease file named after its process id, and a {@code pinned} marker (written by
 * {@code cluster start}) keeps the nodes up with no lease at all. A command that needs the cluster
 * calls {@link #acquire}; the last lease closed stops the nodes unless they are pinned.
 */
public final class EmbeddedCluster {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);
    private static final Map<Path, ReentrantLock> IN_PROCESS_LOCKS = new ConcurrentHashMap<>();
    private static final Set<ClusterLease> OPEN_LEASES = ConcurrentHashMap.newKeySet();
    private static final AtomicLong LEASE_COUNTER = new AtomicLong();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedCluster::releaseAllOnExit, "hadoopdb-embedded-cleanup"));
    }

    private final HadoopDbConfig config;
    private final CatalogStore store;

    public EmbeddedCluster(HadoopDbConfig config) {
        this.config = config;
        this.store = config.home().catalogStore();
    }

    public HadoopDbConfig config() {
        return config;
    }

    /** True when the catalog lists embedded nodes. */
    public boolean exists() {
        return !embeddedNodes(store.load()).isEmpty();
    }

    /**
     * Creates {@code nodeCount} embedded nodes (initdb, start, create the {@code hadoopdb} database)
     * and registers them in the catalog. The nodes are left stopped unless a lease is held.
     *
     * @param basePort first port (node i gets basePort + i - 1), or 0 to pick free ports
     */
    public Catalog init(int nodeCount, int basePort) {
        if (nodeCount < 1) {
            throw new EmbeddedClusterException("An embedded cluster needs at least one node, got " + nodeCount);
        }
        return withLock(() -> {
            Catalog current = store.load();
            if (!current.nodes().isEmpty()) {
                throw new EmbeddedClusterException("The home " + config.home() + " already has a cluster of " + current.nodes().size()
                        + " nodes (" + String.join(", ", current.nodeIds()) + "); use 'hadoopdb cluster destroy' first to start over");
            }
            List<Integer> ports = basePort > 0 ? consecutivePorts(basePort, nodeCount) : freePorts(nodeCount);
            NodeSecret secret = secret();
            List<EmbeddedNode> nodes = new ArrayList<>();
            for (int i = 1; i <= nodeCount; i++) {
                String id = "node" + i;
                if (Files.exists(config.home().nodeDir(id))) {
                    throw new EmbeddedClusterException("Embedded node directory " + config.home().nodeDir(id) + " already exists but the catalog "
                            + "has no nodes; remove it or use another home");
                }
                nodes.add(new EmbeddedNode(id, config.home().nodeDir(id), ports.get(i - 1), secret.password()));
            }
            LOG.info("Creating {} embedded PostgreSQL nodes in {}", nodeCount, config.home().nodesDir());
            Duration timeout = startupTimeout();
            Map<String, Map<String, String>> settings = new java.util.HashMap<>();
            for (EmbeddedNode node : nodes) {
                settings.put(node.id(), NodeSettings.forNode(config, node.port(), nodeCount));
            }
            forEachInParallel(nodes, node -> {
                node.initdb();
                node.start(settings.get(node.id()), timeout);
                node.stop();
                return null;
            });
            return store.update("register " + nodeCount + " embedded nodes", c -> {
                Catalog next = c;
                for (EmbeddedNode n : nodes) {
                    next = next.withNode(new NodeInfo(n.id(), "localhost", n.jdbcUrl(), EmbeddedNode.SUPERUSER, secret.credentialRef(), true));
                }
                return next;
            });
        });
    }

    /**
     * Makes sure the embedded nodes run and registers this process as a user of them. On a home
     * without a cluster, first creates the default one ({@code hadoopdb.embedded.nodes} nodes) and
     * says so through {@code notices} (the CLI prints them on stderr).
     */
    public ClusterLease acquire(Consumer<String> notices) {
        return withLock(() -> {
            Catalog catalog = store.load();
            if (catalog.nodes().isEmpty()) {
                int n = config.get(ConfigKeys.EMBEDDED_NODES);
                notices.accept("No cluster in " + config.home() + " yet: creating the default embedded cluster of " + n + " nodes");
                unlockedInit(n);
                catalog = store.load();
            }
            catalog = startAll(catalog);
            Path lease = writeLease();
            ClusterLease l = new ClusterLease(this, lease, catalog);
            OPEN_LEASES.add(l);
            return l;
        });
    }

    private void unlockedInit(int n) {
        // init() takes the same lock; the in-process lock is reentrant and the file lock is held by this thread.
        init(n, config.get(ConfigKeys.EMBEDDED_BASE_PORT));
    }

    void release(ClusterLease lease) {
        OPEN_LEASES.remove(lease);
        withLock(() -> {
            deleteQuietly(lease.file());
            stopIfUnused();
            return null;
        });
    }

    /** Starts the nodes and keeps them running after this process exits ({@code hadoopdb cluster start}). */
    public Catalog startPinned(Consumer<String> notices) {
        try (ClusterLease lease = acquire(notices)) {
            writeMarker(pinnedMarker());
            return lease.catalog();
        }
    }

    /**
     * Stops the nodes ({@code hadoopdb cluster stop}). Refuses while other live processes hold leases,
     * naming them, unless {@code force} (their queries then fail).
     */
    public void stop(boolean force) {
        withLock(() -> {
            deleteQuietly(pinnedMarker());
            List<Long> users = liveLeaseHolders().stream().filter(pid -> pid != ProcessHandle.current().pid()).toList();
            if (!users.isEmpty() && !force) {
                throw new EmbeddedClusterException("The embedded nodes are in use by process(es) " + users
                        + "; they will stop when those finish. Use --force to stop them now.");
            }
            stopAllNodes(store.load());
            return null;
        });
    }

    /** Stops the nodes and deletes their data and the catalog: the home starts over. */
    public void destroy() {
        withLock(() -> {
            List<Long> users = liveLeaseHolders().stream().filter(pid -> pid != ProcessHandle.current().pid()).toList();
            if (!users.isEmpty()) {
                throw new EmbeddedClusterException("Cannot destroy the cluster while process(es) " + users + " use it");
            }
            Catalog catalog = store.load();
            stopAllNodes(catalog);
            deleteTree(config.home().nodesDir());
            deleteQuietly(config.home().nodeSecretFile());
            deleteQuietly(pinnedMarker());
            org.apache.hadoop.fs.Path catalogDir = config.home().catalogPath();
            try {
                catalogDir.getFileSystem(config.hadoopConf()).delete(catalogDir, true);
            } catch (IOException e) {
                throw new EmbeddedClusterException("Stopped the nodes but could not delete the catalog " + catalogDir + ": " + e.getMessage(), e);
            }
            return null;
        });
    }

    /** The state of every embedded node in the catalog. */
    public List<NodeStatus> status() {
        List<NodeStatus> out = new ArrayList<>();
        for (EmbeddedNode n : embeddedNodes(store.load())) {
            boolean running = n.isRunning();
            out.add(new NodeStatus(n.id(), n.port(), running, running && n.acceptsConnections(),
                    n.postmasterPid().filter(pid -> running).orElse(-1L), n.diskUsage(), n.dataDir()));
        }
        return out;
    }

    /** True when {@code cluster start} pinned the nodes. */
    public boolean isPinned() {
        return Files.exists(pinnedMarker());
    }

    /** The embedded nodes the catalog lists, with their directories under this home. */
    public List<EmbeddedNode> embeddedNodes(Catalog catalog) {
        List<EmbeddedNode> nodes = new ArrayList<>();
        NodeSecret secret = null;
        for (NodeInfo n : catalog.nodes()) {
            if (n.embedded()) {
                secret = secret != null ? secret : secret();
                nodes.add(new EmbeddedNode(n.id(), config.home().nodeDir(n.id()), portOf(n), secret.password()));
            }
        }
        return nodes;
    }

    /** The embedded nodes' password of this home, generated when the home has none yet. */
    public NodeSecret secret() {
        return NodeSecret.ensure(config.home().nodeSecretFile());
    }

    // ---- internals -----------------------------------------------------------------------------

    /** Starts the stopped nodes, migrating any node that still trusts local users; returns the catalog as it now is. */
    private Catalog startAll(Catalog catalog) {
        List<EmbeddedNode> nodes = embeddedNodes(catalog);
        List<EmbeddedNode> stopped = nodes.stream().filter(n -> !n.isRunning()).toList();
        List<EmbeddedNode> runningWithoutPassword = nodes.stream().filter(n -> !stopped.contains(n) && !n.isPasswordProtected()).toList();
        forEachInParallel(runningWithoutPassword, node -> {
            node.requirePassword();
            return null;
        });
        if (!stopped.isEmpty()) {
            startStopped(stopped, nodes.size());
        }
        return referToSecret(catalog);
    }

    private void startStopped(List<EmbeddedNode> stopped, int nodeCount) {
        Map<String, Map<String, String>> settings = new java.util.HashMap<>();
        for (EmbeddedNode node : stopped) {
            settings.put(node.id(), NodeSettings.forNode(config, node.port(), nodeCount));
        }
        Duration timeout = startupTimeout();
        forEachInParallel(stopped, node -> {
            node.start(settings.get(node.id()), timeout);
            return null;
        });
    }

    /** A catalog written before the nodes had a password names no credential for them: point it at the secret. */
    private Catalog referToSecret(Catalog catalog) {
        CredentialRef ref = secret().credentialRef();
        boolean stale = catalog.nodes().stream().anyMatch(n -> n.embedded() && !n.credential().equals(ref));
        if (!stale) {
            return catalog;
        }
        return store.update("embedded nodes take their password from " + config.home().nodeSecretFile(), c -> {
            Catalog next = c;
            for (NodeInfo n : c.nodes()) {
                if (n.embedded() && !n.credential().equals(ref)) {
                    next = next.withNode(new NodeInfo(n.id(), n.host(), n.jdbcUrl(), n.user(), ref, true));
                }
            }
            return next;
        });
    }

    private void stopIfUnused() {
        if (isPinned() || !liveLeaseHolders().isEmpty()) {
            return;
        }
        stopAllNodes(store.load());
    }

    private void stopAllNodes(Catalog catalog) {
        forEachInParallel(embeddedNodes(catalog), node -> {
            node.stop();
            return null;
        });
    }

    private Duration startupTimeout() {
        return config.get(ConfigKeys.EMBEDDED_STARTUP_TIMEOUT);
    }

    private static int portOf(NodeInfo n) {
        URI uri = URI.create(n.jdbcUrl().substring("jdbc:".length()));
        if (uri.getPort() < 0) {
            throw new EmbeddedClusterException("Embedded node " + n.id() + " has no port in its JDBC URL " + n.jdbcUrl());
        }
        return uri.getPort();
    }

    private Path leasesDir() {
        return config.home().runDir().resolve("leases");
    }

    private Path pinnedMarker() {
        return config.home().runDir().resolve("pinned");
    }

    private Path writeLease() {
        Path file = leasesDir().resolve(ProcessHandle.current().pid() + "-" + LEASE_COUNTER.incrementAndGet());
        writeMarker(file);
        return file;
    }

    private static void writeMarker(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, ProcessHandle.current().info().commandLine().orElse("") + "\n");
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Removes the leases of processes that are gone ({@code hadoopdb cluster gc}); a live process's
     * lease stays. Stopping the nodes also removes them, but pinned nodes are never stopped by a user.
     *
     * @return the lease files removed
     */
    public List<Path> removeStaleLeases() {
        return withLock(() -> {
            List<Path> removed = new ArrayList<>();
            liveLeaseHolders(removed);
            return removed;
        });
    }

    /** Process ids holding leases that are still alive; leases of dead processes are removed. */
    private List<Long> liveLeaseHolders() {
        return liveLeaseHolders(new ArrayList<>());
    }

    private List<Long> liveLeaseHolders(List<Path> removed) {
        List<Long> live = new ArrayList<>();
        if (!Files.isDirectory(leasesDir())) {
            return live;
        }
        try (Stream<Path> files = Files.list(leasesDir())) {
            for (Path f : files.toList()) {
                long pid = parsePid(f.getFileName().toString());
                if (pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    live.add(pid);
                } else {
                    LOG.info("Removing stale lease {} of a process that is gone", f.getFileName());
                    if (deleteQuietly(f)) {
                        removed.add(f);
                    }
                }
            }
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot read the leases in " + leasesDir() + ": " + e.getMessage(), e);
        }
        return live;
    }

    private static long parsePid(String name) {
        try {
            return Long.parseLong(name.substring(0, name.indexOf('-')));
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** Runs {@code action} holding both the in-process and the cross-process lock of this home. */
    private <T> T withLock(java.util.concurrent.Callable<T> action) {
        Path lockFile = config.home().runDir().resolve("cluster.lock");
        ReentrantLock local = IN_PROCESS_LOCKS.computeIfAbsent(lockFile, k -> new ReentrantLock());
        local.lock();
        try {
            if (local.getHoldCount() > 1) {
                return action.call();
            }
            Files.createDirectories(lockFile.getParent());
            try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = ch.lock()) {
                return action.call();
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new EmbeddedClusterException("Embedded cluster operation in " + config.home() + " failed: " + e.getMessage(), e);
        } finally {
            local.unlock();
        }
    }

    private static <T> void forEachInParallel(List<T> items, Function<T, Void> action) {
        if (items.size() <= 1) {
            items.forEach(action::apply);
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(items.size(), 4));
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (T item : items) {
                futures.add(pool.submit(() -> action.apply(item)));
            }
            RuntimeException first = null;
            for (Future<Void> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    RuntimeException failure = e.getCause() instanceof RuntimeException r ? r
                            : new EmbeddedClusterException(e.getCause().getMessage(), e.getCause());
                    if (first == null) {
                        first = failure;
                    } else if (!java.util.Objects.equals(first.getMessage(), failure.getMessage())) {
                        first.addSuppressed(failure);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new EmbeddedClusterException("Interrupted while managing embedded nodes", e);
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Integer> freePorts(int n) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0);
                sockets.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot find free ports for the embedded nodes: " + e.getMessage(), e);
        } finally {
            for (ServerSocket s : sockets) {
                try {
                    s.close();
                } catch (IOException e) {
                    LOG.debug("closing probe socket", e);
                }
            }
        }
    }

    private static List<Integer> consecutivePorts(int base, int n) {
        if (base < 1024 || base + n - 1 > 65535) {
            throw new EmbeddedClusterException("Base port " + base + " is out of range: use a port between 1024 and " + (65536 - n));
        }
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ports.add(base + i);
        }
        return ports;
    }

    /** False when {@code f} could not be deleted (logged): it stays for the next attempt. */
    private static boolean deleteQuietly(Path f) {
        try {
            Files.deleteIfExists(f);
            return true;
        } catch (IOException e) {
            LOG.warn("Could not delete {}: {}", f, e.getMessage());
            return false;
        }
    }

    private static void deleteTree(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot delete " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A JVM that exits without closing its leases (Ctrl-C) still lets the last user stop the nodes. */
    private static void releaseAllOnExit() {
        for (ClusterLease lease : List.copyOf(OPEN_LEASES)) {
            try {
                lease.close();
            } catch (RuntimeException e) {
                LOG.warn("Could not release embedded cluster lease {} at exit: {}", lease.file(), e.getMessage());
            }
        }
    }
}
