package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.hiveql.ast.AlterTableStatement;
import org.hadoopdb.hiveql.ast.ColumnDef;
import org.hadoopdb.hiveql.ast.RenameStatement;
import org.hadoopdb.hiveql.ast.TruncateTableStatement;
import org.hadoopdb.loader.table.TableProperties;
import org.hadoopdb.loader.table.TableRewrite;
import org.hadoopdb.loader.text.TextFormat;
import org.hadoopdb.planner.SemanticException;

/**
 * {@code ALTER TABLE … RENAME TO / ADD COLUMNS / CHANGE COLUMN / SET TBLPROPERTIES} and
 * {@code TRUNCATE TABLE}. The statement is checked here; the loader's {@link TableRewrite} carries it
 * out and publishes it atomically (a change of names or columns writes a new generation of the chunks).
 */
final class AlterStatements {
    /** Properties that describe how the chunks were laid out when the table was created: fixed afterwards. */
    private static final Set<String> LAYOUT = Set.of(TableProperties.DISTRIBUTION, TableProperties.CHUNKS_PER_NODE,
            TableProperties.BUCKETS, TableProperties.REPLICATION, TableProperties.SORT_DESCENDING);

    private final Session session;

    AlterStatements(Session session) {
        this.session = session;
    }

    StatementResult alter(AlterTableStatement a) {
        TableInfo table = table(session.catalog(), a.table(), "ALTER TABLE");
        if (a.action() instanceof AlterTableStatement.AddColumns add) {
            return addColumns(table, add.columns());
        } else if (a.action() instanceof AlterTableStatement.ChangeColumn change) {
            return changeColumn(table, change.oldName(), change.column());
        } else if (a.action() instanceof AlterTableStatement.AddPartitions add) {
            return new PartitionStatements(session).add(table, add);
        } else if (a.action() instanceof AlterTableStatement.DropPartitions drop) {
            return new PartitionStatements(session).drop(table, drop);
        }
        return setProperties(table, ((AlterTableStatement.SetProperties) a.action()).properties());
    }

    StatementResult rename(RenameStatement r) {
        Catalog catalog = session.catalog();
        TableInfo table = table(catalog, r.name(), "ALTER TABLE");
        String to = Names.normalize(r.newName());
        if (catalog.hasRelation(to)) {
            throw new SemanticException("Cannot rename table '" + table.name() + "' to '" + to + "': a "
                    + (catalog.findView(to).isPresent() ? "view" : "table") + " of that name exists");
        }
        TableInfo target = new TableInfo(to, table.columns(), table.distribution(), table.scheme(), table.partitionKeys(),
                table.sortColumns(), table.indexColumns(), table.properties(), 0, null, null, table.partitionColumns(),
                table.partitions());
        new TableRewrite(session.config()).rewrite(table.name(), target, table.columnNames());
        return new StatementResult.Done("Renamed table " + table.name() + " to " + to, 0);
    }

    StatementResult truncate(TruncateTableStatement t) {
        TableInfo table = table(session.catalog(), t.table(), "TRUNCATE TABLE");
        TableStatements.refuseExternal(table, "TRUNCATE TABLE");
        if (t.partition() != null) {
            return new PartitionStatements(session).truncate(table, t);
        }
        new TableRewrite(session.config()).truncate(table.name());
        return new StatementResult.Done("Truncated table " + table.name(), 0);
    }

    private StatementResult addColumns(TableInfo table, List<ColumnDef> added) {
        // new columns go after the other columns and before the partition columns, which stay last (as in Hive)
        List<ColumnInfo> columns = new ArrayList<>(table.dataColumns());
        List<String> sources = new ArrayList<>(table.dataColumns().stream().map(ColumnInfo::name).toList());
        for (ColumnDef d : added) {
            if (table.findColumn(d.name()).isPresent()) {
                throw new SemanticException("Table '" + table.name() + "' already has a "
                        + (table.partitionColumns().contains(d.name()) ? "partition " : "") + "column '" + d.name() + "'");
            }
            columns.add(new ColumnInfo(d.name(), HiveType.parse(d.type()), d.comment()));
            sources.add(null);
        }
        columns.addAll(table.partitionColumnInfos());
        sources.addAll(table.partitionColumns());
        new TableRewrite(session.config()).rewrite(table.name(), with(table, columns, table.partitionKeys(),
                table.sortColumns(), table.indexColumns(), table.properties()), sources);
        return new StatementResult.Done("Added " + added.size() + " column(s) to table " + table.name(), 0);
    }

    private StatementResult changeColumn(TableInfo table, String oldName, ColumnDef d) {
        ColumnInfo old = table.column(oldName);
        if (table.partitionColumns().contains(old.name())) {
            throw new SemanticException("Cannot change partition column '" + old.name() + "' of table '" + table.name()
                    + "': CHANGE COLUMN changes the other columns (a partition's name is made of its columns' names)");
        }
        HiveType type = HiveType.parse(d.type());
        if (!type.equals(old.type())) {
            throw new SemanticException("Cannot change the type of column '" + old.name() + "' of table '" + table.name()
                    + "' from " + old.type() + " to " + type + ": CHANGE COLUMN renames a column or changes its comment;"
                    + " to change a type, create a new table with CREATE TABLE … AS SELECT");
        }
        String to = Names.normalize(d.name());
        if (!to.equals(old.name()) && table.findColumn(to).isPresent()) {
            throw new SemanticException("Table '" + table.name() + "' already has a column '" + to + "'");
        }
        List<ColumnInfo> columns = new ArrayList<>();
        for (ColumnInfo c : table.columns()) {
            columns.add(c == old ? new ColumnInfo(to, type, d.comment()) : c);
        }
        UnaryOperator<String> rename = n -> n.equals(old.name()) ? to : n;
        List<Property> properties = new ArrayList<>();
        for (Property p : table.properties()) {
            properties.add(p.name().equalsIgnoreCase(TableProperties.SORT_DESCENDING)
                    ? new Property(p.name(), String.join(",", renamed(List.of(p.value().split(",")), rename))) : p);
        }
        TableInfo target = with(table, columns, renamed(table.partitionKeys(), rename), renamed(table.sortColumns(), rename),
                renamed(table.indexColumns(), rename), properties);
        List<String> sources = table.columnNames();
        new TableRewrite(session.config()).rewrite(table.name(), target, sources);
        return new StatementResult.Done("Changed column " + old.name() + (to.equals(old.name()) ? "" : " to " + to)
                + " of table " + table.name(), 0);
    }

    private StatementResult setProperties(TableInfo table, Map<String, String> changed) {
        Map<String, String> props = new LinkedHashMap<>(TableProperties.of(table));
        for (Map.Entry<String, String> e : changed.entrySet()) {
            String key = e.getKey().toLowerCase(Locale.ROOT);
            if (LAYOUT.contains(key) && !e.getValue().equals(props.get(key))) {
                throw new SemanticException("Table property '" + key + "' of table '" + table.name() + "' is decided when"
                        + " the table is created (it describes how its chunks are laid out); create a new table to change it");
            }
            props.put(key, e.getValue());
        }
        TextFormat.fromProperties(props); // a malformed text format is refused now, not at the next load
        List<Property> properties = new ArrayList<>();
        props.forEach((k, v) -> properties.add(new Property(k, v)));
        new TableRewrite(session.config()).rewrite(table.name(), with(table, table.columns(), table.partitionKeys(),
                table.sortColumns(), table.indexColumns(), properties), table.columnNames());
        return new StatementResult.Done("Set " + changed.size() + " propert" + (changed.size() == 1 ? "y" : "ies")
                + " of table " + table.name(), 0);
    }

    private static List<String> renamed(List<String> names, UnaryOperator<String> rename) {
        List<String> out = new ArrayList<>();
        names.forEach(n -> out.add(rename.apply(n.trim())));
        return out;
    }

    private static TableInfo with(TableInfo t, List<ColumnInfo> columns, List<String> keys, List<String> sortColumns,
                                  List<String> indexColumns, List<Property> properties) {
        return new TableInfo(t.name(), columns, t.distribution(), t.scheme(), keys, sortColumns, indexColumns, properties,
                0, null, null, t.partitionColumns(), t.partitions());
    }

    /** The table named {@code name}; a view or a missing name is the statement's error. */
    static TableInfo table(Catalog catalog, String name, String statement) {
        if (catalog.findView(name).isPresent()) {
            throw new SemanticException("'" + Names.normalize(name) + "' is a view: " + statement + " works on tables"
                    + (statement.equals("ALTER TABLE") ? " (use ALTER VIEW)" : ""));
        }
        return Describer.table(catalog, name);
    }
}
