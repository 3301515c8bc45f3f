package org.hadoopdb.loader;

/**
 * The data loader's one exception type: a table definition, a load's input or a node is wrong, or a
 * load failed. Messages name the table, column, file and line, node or chunk at fault, and say what
 * to do. A failed load has published nothing: the table is as it was.
 */
public class LoaderException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LoaderException(String message) {
        super(message);
    }

    public LoaderException(String message, Throwable cause) {
        super(message, cause);
    }
}
