package org.hadoopdb.catalog.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local file system HadoopDB configures: Hadoop's, its permissions set through the JDK instead of chmod processes. */
class JdkLocalFileSystemTest {
    @TempDir
    java.nio.file.Path tmp;

    @Test
    void filesAndDirectoriesGetThePermissionsAskedFor() throws Exception {
        HadoopDbConfig config = HadoopDbConfig.builder().home(tmp.resolve("home")).environment(Map.of()).build();
        try (FileSystem fs = FileSystem.newInstance(URI.create("file:///"), config.hadoopConf())) {
            assertThat(fs).isInstanceOf(JdkLocalFileSystem.class);
            Path dir = new Path(tmp.resolve("a/b").toUri());
            assertThat(fs.mkdirs(dir, new FsPermission((short) 0750))).isTrue();
            Path file = new Path(dir, "part-00000");
            try (FSDataOutputStream out = fs.create(file, new FsPermission((short) 0640), true, 4096, (short) 1, 1 << 20, null)) {
                out.writeUTF("rows");
            }
            fs.setPermission(file, new FsPermission((short) 0604));

            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("a/b")))).isEqualTo("rwxr-x---");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("a/b/part-00000"))))
                    .isEqualTo("rw----r--");
            // read back through the checksums Hadoop wrote beside it
            try (var in = fs.open(file)) {
                assertThat(in.readUTF()).isEqualTo("rows");
            }
        }
    }

    @Test
    void aConfiguredLocalFileSystemIsKept() throws Exception {
        HadoopDbConfig config = HadoopDbConfig.builder().home(tmp.resolve("home")).environment(Map.of())
                .override("fs.file.impl", LocalFileSystem.class.getName()).build();
        assertThat(config.hadoopConf().get("fs.file.impl")).isEqualTo(LocalFileSystem.class.getName());
    }

    @Test
    void onAClusterHadoopsOwnIsKept() {
        HadoopDbConfig config = HadoopDbConfig.builder().home(tmp.resolve("home")).environment(Map.of())
                .override("mapreduce.framework.name", "yarn").build();
        assertThat(config.hadoopConf().get("fs.file.impl")).isNullOrEmpty();
    }

    @Test
    void everyModeBitMapsToItsPermission() {
        assertThat(PosixFilePermissions.toString(JdkLocalFileSystem.Raw.posix((short) 0754))).isEqualTo("rwxr-xr--");
        assertThat(PosixFilePermissions.toString(JdkLocalFileSystem.Raw.posix((short) 0))).isEqualTo("---------");
        assertThat(PosixFilePermissions.toString(JdkLocalFileSystem.Raw.posix((short) 0777))).isEqualTo("rwxrwxrwx");
        assertThat(PosixFilePermissions.toString(JdkLocalFileSystem.Raw.posix((short) 0421))).isEqualTo("r---w---x");
    }
}
