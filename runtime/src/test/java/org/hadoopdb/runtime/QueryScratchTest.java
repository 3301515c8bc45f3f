package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class QueryScratchTest {
    @Test
    void onlyADirectoryOfAGoneProcessOfThisHostIsAnOrphan() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long dead = p.pid();
        long alive = ProcessHandle.current().pid();
        String host = QueryScratch.host();

        assertThat(QueryScratch.orphan(dead + "@" + host + "@5f0c")).isTrue();
        assertThat(QueryScratch.orphan(alive + "@" + host + "@5f0c")).isFalse();
        assertThat(QueryScratch.orphan(dead + "@not-" + host + "@5f0c")).as("another host's process").isFalse();
        assertThat(QueryScratch.orphan("0b6b1a8e-3c1f-4b7e-9b43-1d2f0c5e7a11")).as("a name without an owner").isFalse();
        assertThat(QueryScratch.orphan("x@" + host + "@5f0c")).isFalse();
    }
}
