package org.hadoopdb.cluster.embedded;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hadoopdb.catalog.config.ConfigException;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;

/**
 * The {@code postgresql.conf} settings of an embedded node, tuned for analytical chunk queries and
 * bulk loads (docs/configuration.md explains each choice).
 */
public final class NodeSettings {
    private static final long MB = 1L << 20;

    private NodeSettings() {
    }

    /** Settings for one of {@code nodeCount} embedded nodes listening on {@code port}. */
    public static Map<String, String> forNode(HadoopDbConfig config, int port, int nodeCount) {
        long memory = physicalMemory();
        int nodes = Math.max(1, nodeCount);
        long sharedBuffers = config.getIfSet(ConfigKeys.EMBEDDED_SHARED_BUFFERS)
                .orElse(clamp(memory / 16 / nodes, 128 * MB, 2048 * MB));
        Map<String, String> s = new LinkedHashMap<>();
        s.put("port", Integer.toString(port));
        // loopback only: the nodes are reached from this machine (tasks of local jobs, the query server)
        s.put("listen_addresses", "'localhost'");
        // No Unix socket: every connection is TCP on loopback, and socket paths have length limits.
        s.put("unix_socket_directories", "''");
        // passwords set by ALTER ROLE are stored as SCRAM verifiers, which pg_hba.conf requires (HbaFile)
        s.put("password_encryption", "'scram-sha-256'");
        s.put("max_connections", "200");
        s.put("shared_buffers", mb(sharedBuffers));
        s.put("work_mem", mb(config.get(ConfigKeys.EMBEDDED_WORK_MEM)));
        s.put("maintenance_work_mem", mb(config.get(ConfigKeys.EMBEDDED_MAINTENANCE_WORK_MEM)));
        s.put("effective_cache_size", mb(Math.max(256 * MB, memory / 4 / nodes)));
        // A table created and filled by COPY in one transaction then skips the WAL.
        s.put("wal_level", "minimal");
        s.put("max_wal_senders", "0");
        s.put("max_wal_size", "4GB");
        s.put("checkpoint_timeout", "15min");
        // HadoopDB parallelises by running one task per chunk; parallel workers would oversubscribe.
        s.put("max_parallel_workers_per_gather", "0");
        s.put("random_page_cost", "1.1");
        s.put("jit", "off");
        s.put("fsync", config.get(ConfigKeys.EMBEDDED_FSYNC) ? "on" : "off");
        s.put("full_page_writes", config.get(ConfigKeys.EMBEDDED_FSYNC) ? "on" : "off");
        s.put("synchronous_commit", "on");
        s.put("timezone", "'UTC'");
        s.put("log_timezone", "'UTC'");
        s.put("datestyle", "'iso, ymd'");
        s.put("log_line_prefix", "'%m [%p] %q%u@%d '");
        s.put("log_min_messages", "warning");
        s.putAll(extra(config.get(ConfigKeys.EMBEDDED_SETTINGS)));
        return s;
    }

    private static Map<String, String> extra(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String pair : text.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("Configuration key " + ConfigKeys.EMBEDDED_SETTINGS.name() + ": '" + pair.trim()
                        + "' is not a name=value pair");
            }
            out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return out;
    }

    private static long physicalMemory() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize();
        }
        return 8192 * MB;
    }

    private static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static String mb(long bytes) {
        return Math.max(1, bytes / MB) + "MB";
    }
}
