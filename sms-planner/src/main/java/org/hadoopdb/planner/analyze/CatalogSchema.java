package org.hadoopdb.planner.analyze;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.ViewInfo;

/** One catalog snapshot as Calcite's {@code default} schema: the tables and views a query may name. */
public final class CatalogSchema extends AbstractSchema {
    public static final String NAME = "default";
    private final Map<String, Table> tables;

    public CatalogSchema(Catalog catalog) {
        Map<String, Table> map = new LinkedHashMap<>();
        for (TableInfo t : catalog.tables()) {
            map.put(t.name(), new HadoopDbTable(t, catalog.schemeOf(t).orElse(null)));
        }
        for (ViewInfo v : catalog.views()) {
            map.put(v.name(), new HadoopDbView(v));
        }
        this.tables = map;
    }

    @Override
    protected Map<String, Table> getTableMap() {
        return tables;
    }
}
