package org.hadoopdb.benchmarks.paper;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/** One line describing the machine a benchmark ran on, for its report. */
public final class Machine {
    private Machine() {
    }

    public static String describe() {
        Runtime rt = Runtime.getRuntime();
        long memory = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return String.format(Locale.ROOT, "%d cores, %s memory, %s %s (%s), Java %s, JVM heap max %d MB",
                rt.availableProcessors(), memory < 0 ? "unknown" : (memory >> 30) + " GiB", System.getProperty("os.name"),
                System.getProperty("os.version"), System.getProperty("os.arch"), System.getProperty("java.version"),
                rt.maxMemory() >> 20);
    }
}
