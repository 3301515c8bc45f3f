package org.hadoopdb.planner.analyze;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.ViewInfo;

/**
 * One database of a catalog snapshot as a Calcite schema: the tables and views a query may name in
 * it, by their names without the database ({@code orders} for the catalog's {@code sales.orders}).
 */
public final class CatalogSchema extends AbstractSchema {
    /** The schema of the database every catalog has. */
    public static final String NAME = Names.DEFAULT_DATABASE;
    private final Map<String, Table> tables;

    /** The {@code default} database's schema. */
    public CatalogSchema(Catalog catalog) {
        this(catalog, NAME);
    }

    public CatalogSchema(Catalog catalog, String database) {
        Map<String, Table> map = new LinkedHashMap<>();
        for (TableInfo t : catalog.tablesIn(database)) {
            map.put(Names.tableOf(t.name()), new HadoopDbTable(t, catalog.schemeOf(t).orElse(null)));
        }
        for (ViewInfo v : catalog.viewsIn(database)) {
            map.put(Names.tableOf(v.name()), new HadoopDbView(v));
        }
        this.tables = map;
    }

    @Override
    protected Map<String, Table> getTableMap() {
        return tables;
    }
}
