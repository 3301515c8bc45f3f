package org.hadoopdb.catalog;

/**
 * Another writer published a catalog version after the one this change was based on. Nothing was
 * overwritten; re-read the catalog and apply the change again (or use {@code CatalogStore#update},
 * which does so automatically).
 */
public class CatalogConflictException extends CatalogException {
    private static final long serialVersionUID = 1L;
    private final long baseVersion;
    private final long attemptedVersion;

    public CatalogConflictException(String message, long baseVersion, long attemptedVersion) {
        super(message);
        this.baseVersion = baseVersion;
        this.attemptedVersion = attemptedVersion;
    }

    public long baseVersion() {
        return baseVersion;
    }

    public long attemptedVersion() {
        return attemptedVersion;
    }
}
