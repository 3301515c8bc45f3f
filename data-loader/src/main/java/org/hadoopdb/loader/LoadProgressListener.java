package org.hadoopdb.loader;

/** Receives a load's progress (on the thread that called {@link Loader#load}). */
@FunctionalInterface
public interface LoadProgressListener {
    /** A listener that ignores progress. */
    LoadProgressListener NONE = p -> { };

    void progress(LoadProgress progress);
}
