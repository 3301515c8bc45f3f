package org.hadoopdb.catalog.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;

/**
 * Hadoop's local file system ({@code file:}), setting permissions with the JDK. Without Hadoop's native library
 * (which HadoopDB does not ship), Hadoop's own sets the permission of every file and directory it creates by starting
 * a {@code chmod} process: about 60 for each job of the local runner (its staging files, splits, spills, outputs,
 * checksum files), each a fork of this JVM. {@link HadoopDbConfig} makes it the {@code file:} file system under the
 * local runner ({@code mapreduce.framework.name=local}) unless {@code fs.file.impl} is configured; everything else is
 * Hadoop's.
 */
public final class JdkLocalFileSystem extends LocalFileSystem {
    public JdkLocalFileSystem() {
        super(new Raw());
    }

    /** The raw local file system under the checksums, with its permissions set through {@code java.nio}. */
    static final class Raw extends RawLocalFileSystem {
        @Override
        public void setPermission(Path p, FsPermission permission) throws IOException {
            // the sticky bit and non-POSIX disks are left to Hadoop's way
            if (NativeIO.isAvailable() || permission.getStickyBit()) {
                super.setPermission(p, permission);
                return;
            }
            try {
                Files.setPosixFilePermissions(pathToFile(p).toPath(), posix(permission.toShort()));
            } catch (UnsupportedOperationException e) {
                super.setPermission(p, permission);
            }
        }

        /** The permissions of {@code mode}'s nine low bits (rwx for owner, group, others). */
        static Set<PosixFilePermission> posix(short mode) {
            PosixFilePermission[] byBit = {PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
                PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE,
                PosixFilePermission.GROUP_READ, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_READ};
            Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
            for (int bit = 0; bit < byBit.length; bit++) {
                if ((mode & (1 << bit)) != 0) {
                    set.add(byBit[bit]);
                }
            }
            return set;
        }
    }
}
