package org.hadoopdb.loader.physical;

import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.store.CatalogStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Choosing the generation a load or a rewrite of a table writes, so that no live schema name is reused. */
public final class Generations {
    private static final Logger LOG = LoggerFactory.getLogger(Generations.class);

    private Generations() {
    }

    /**
     * One more than any generation of a table named {@code table} that a retained catalog version
     * knows (and than {@code atLeast}): the schemas of those generations may still be read.
     */
    public static long next(CatalogStore store, String table, long atLeast) {
        long max = atLeast;
        for (long v : store.versions()) {
            try {
                Catalog c = store.load(v);
                max = Math.max(max, c.findTable(table).map(TableInfo::generation).orElse(0L));
            } catch (CatalogException e) {
                LOG.debug("Catalog version {} went away while choosing a generation: {}", v, e.getMessage());
            }
        }
        return max + 1;
    }
}
