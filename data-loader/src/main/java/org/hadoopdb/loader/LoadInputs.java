package org.hadoopdb.loader;

import java.io.IOException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * A load's input as its jobs read it: the paths (files, directories or globs) and their size.
 *
 * @param paths the qualified input paths, or their copies in the work directory when local files are
 *              loaded by jobs that run on other machines
 * @param bytes the size of the files to load (hidden files excluded)
 */
record LoadInputs(List<Path> paths, long bytes) {

    LoadInputs {
        paths = List.copyOf(paths);
    }

    /**
     * Resolves the spec's inputs, checks that they hold files, and ships local files to the work
     * directory when the jobs do not run on this machine.
     *
     * @throws LoaderException when an input matches nothing, or all of them hold no file
     */
    static LoadInputs resolve(LoadSpec spec, LoadWorkspace workspace) throws IOException {
        Configuration conf = workspace.jobBase();
        List<Path> out = new ArrayList<>();
        long files = 0;
        long bytes = 0;
        for (String s : spec.inputs()) {
            Path p = spec.local() ? new Path(Paths.get(s).toAbsolutePath().toUri()) : new Path(s);
            FileSystem fs = p.getFileSystem(conf);
            FileStatus[] matches = fs.globStatus(p);
            if (matches == null || matches.length == 0) {
                throw new LoaderException("Input '" + s + "' matches no file or directory" + (p.toUri().getScheme() == null
                        ? " on " + fs.getUri() : ""));
            }
            for (FileStatus m : matches) {
                if (m.isDirectory()) {
                    RemoteIterator<LocatedFileStatus> it = fs.listFiles(m.getPath(), true);
                    while (it.hasNext()) {
                        LocatedFileStatus f = it.next();
                        if (!hidden(f.getPath().getName())) {
                            files++;
                            bytes += f.getLen();
                        }
                    }
                } else {
                    files++;
                    bytes += m.getLen();
                }
            }
            out.add(fs.makeQualified(p));
        }
        if (files == 0) {
            throw new LoaderException("The input " + spec.inputs() + " holds no files to load");
        }
        if (spec.local() && !workspace.localFramework()) {
            return new LoadInputs(shipToWorkDir(out, workspace), bytes);
        }
        return new LoadInputs(out, bytes);
    }

    /** The tasks run on other machines: copies this machine's files to the work directory first. */
    private static List<Path> shipToWorkDir(List<Path> local, LoadWorkspace workspace) throws IOException {
        Configuration conf = workspace.jobBase();
        List<Path> copies = new ArrayList<>();
        for (int i = 0; i < local.size(); i++) {
            Path dst = new Path(workspace.workDir(), "input/" + i);
            FileSystem src = local.get(i).getFileSystem(conf);
            for (FileStatus m : src.globStatus(local.get(i))) {
                FileUtil.copy(src, m.getPath(), dst.getFileSystem(conf), new Path(dst, m.getPath().getName()), false, conf);
            }
            copies.add(dst);
        }
        return copies;
    }

    /** Files Hadoop's own input formats skip as well (markers such as {@code _SUCCESS}, hidden files). */
    private static boolean hidden(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }
}
