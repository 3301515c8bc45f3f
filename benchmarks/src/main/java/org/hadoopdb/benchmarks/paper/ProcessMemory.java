package org.hadoopdb.benchmarks.paper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's memory as Linux reports it in {@code /proc}: its peak resident set ({@code VmHWM}) and its
 * proportional set ({@code Pss}: pages shared by several processes, such as PostgreSQL's shared buffers, divided
 * among them, so that the Pss of a group of processes adds up). -1 where the system does not say (not Linux,
 * another user's process, a process that ended).
 */
final class ProcessMemory {
    private ProcessMemory() {
    }

    /** Peak resident memory of the process so far, in bytes. */
    static long peakBytes(long pid) {
        return kilobytesField(Path.of("/proc", Long.toString(pid), "status"), "VmHWM:");
    }

    /** Proportional resident memory of the process now, in bytes. */
    static long proportionalBytes(long pid) {
        return kilobytesField(Path.of("/proc", Long.toString(pid), "smaps_rollup"), "Pss:");
    }

    private static long kilobytesField(Path file, String field) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.substring(field.length()).strip().split("\\s+")[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1; // not readable here: the report says "unknown"
        }
        return -1;
    }
}
