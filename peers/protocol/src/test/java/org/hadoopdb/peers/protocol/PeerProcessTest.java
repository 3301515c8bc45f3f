package org.hadoopdb.peers.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerProcessTest {
    @TempDir
    Path dir;

    private PeerLaunch echo() {
        List<Path> cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
        return new PeerLaunch("echo", EchoPeer.class.getName(), List.of("-Xmx64m"), cp);
    }

    @Test
    void aPeerInItsOwnJvmAnswersCommands() throws Exception {
        Path data = Files.createDirectories(dir.resolve("t"));
        Files.writeString(data.resolve("part-0"), "a|1\nb\tc|2\n");
        try (PeerProcess peer = PeerProcess.start(echo(), dir.resolve("work"), dir.resolve("echo.log"))) {
            assertThat(peer.variants()).containsExactly("text", "copy");
            peer.define(new PeerTable("t", data.toString(), '|', List.of(new PeerTable.Column("s", PeerTable.Type.STRING),
                    new PeerTable.Column("n", PeerTable.Type.INT))));
            assertThat(peer.load("t", "copy").seconds()).isGreaterThanOrEqualTo(0);
            Path out = dir.resolve("out.tsv");
            PeerProcess.Timed t = peer.query("text", "t", out);
            assertThat(t.rows()).isEqualTo(2);
            List<List<String>> rows = new ArrayList<>();
            ResultReader.read(out, rows::add);
            assertThat(rows).containsExactly(List.of("a", "1"), List.of("b\tc", "2"));
            assertThat(peer.peakMemoryBytes()).isNotZero();
        }
        assertThat(Files.readString(dir.resolve("echo.log"))).contains("noise a library prints");
    }

    @Test
    void aFailedCommandNamesThePeerAndItGoesOn() {
        try (PeerProcess peer = PeerProcess.start(echo(), dir.resolve("work"), dir.resolve("echo.log"))) {
            assertThatThrownBy(() -> peer.query("text", "missing", dir.resolve("out.tsv")))
                    .isInstanceOf(PeerException.class).hasMessageContaining("Peer echo failed on QUERY")
                    .hasMessageContaining("Table 'missing' is not defined");
            assertThatThrownBy(() -> peer.load("missing", "copy")).hasMessageContaining("not defined");
        }
    }

    @Test
    void aPeerThatCannotStartSaysWhy() {
        PeerLaunch broken = new PeerLaunch("broken", "org.hadoopdb.NoSuchRunner", List.of(), echo().classPath());
        assertThatThrownBy(() -> PeerProcess.start(broken, dir.resolve("work"), dir.resolve("broken.log")))
                .isInstanceOf(PeerException.class).hasMessageContaining("Peer broken exited during start")
                .hasMessageContaining("NoSuchRunner");
    }
}
