package org.hadoopdb.catalog;

/**
 * The catalog layer's one exception type: the metadata is missing, invalid, or was changed
 * concurrently. Messages name the table, column, node or file at fault so a user can act on them.
 */
public class CatalogException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CatalogException(String message) {
        super(message);
    }

    public CatalogException(String message, Throwable cause) {
        super(message, cause);
    }
}
