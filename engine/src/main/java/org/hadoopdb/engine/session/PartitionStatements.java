package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.PartitionInfo;
import org.hadoopdb.catalog.model.PartitionValues;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.hiveql.ast.AlterTableStatement;
import org.hadoopdb.hiveql.ast.PartitionSpec;
import org.hadoopdb.hiveql.ast.ShowPartitionsStatement;
import org.hadoopdb.hiveql.ast.TruncateTableStatement;
import org.hadoopdb.loader.table.TableRewrite;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ListResult;

/**
 * The statements about the partitions of a table {@code PARTITIONED BY (…)}: {@code SHOW PARTITIONS},
 * {@code ALTER TABLE … ADD/DROP PARTITION}, {@code TRUNCATE TABLE … PARTITION}, and the reading of
 * {@code PARTITION (…)} clauses against a table, which {@code INSERT} and {@code LOAD DATA} use too.
 * A partition's rows are the rows holding its values (docs/physical-layout.md): dropping or emptying one
 * is the loader's {@link TableRewrite} copying each chunk without them.
 */
final class PartitionStatements {
    private static final RowSchema PARTITIONS = RowSchema.builder().add("partition", "string").build();

    private final Session session;

    PartitionStatements(Session session) {
        this.session = session;
    }

    /** {@code SHOW PARTITIONS t [PARTITION (some columns)]}: the partitions' names, sorted. */
    ListResult show(ShowPartitionsStatement s) {
        TableInfo table = partitioned(AlterStatements.table(session.catalog(), s.table(), "SHOW PARTITIONS"));
        List<Row> rows = new ArrayList<>();
        for (PartitionInfo p : matching(table, s.partition())) {
            rows.add(Row.of(PARTITIONS, p.name(table.partitionColumns())));
        }
        return new ListResult(PARTITIONS, rows);
    }

    StatementResult add(TableInfo table, AlterTableStatement.AddPartitions add) {
        partitioned(table);
        List<PartitionInfo> added = new ArrayList<>();
        for (PartitionSpec spec : add.partitions()) {
            PartitionInfo p = new PartitionInfo(staticValues(table, spec, "ALTER TABLE … ADD PARTITION"));
            if (table.partitions().contains(p) && !add.ifNotExists()) {
                throw new SemanticException("Partition " + p.name(table.partitionColumns()) + " of table '" + table.name()
                        + "' already exists (use ADD IF NOT EXISTS)");
            }
            added.add(p);
        }
        new TableRewrite(session.config()).removePartitionRows(table.name(), List.of(), current -> {
            List<PartitionInfo> out = new ArrayList<>(current);
            out.addAll(added);
            return out;
        });
        return new StatementResult.Done("Added " + added.size() + " partition(s) to table " + table.name(), 0);
    }

    StatementResult drop(TableInfo table, AlterTableStatement.DropPartitions drop) {
        partitioned(table);
        List<PartitionInfo> dropped = new ArrayList<>();
        for (PartitionSpec spec : drop.partitions()) {
            List<PartitionInfo> matched = matching(table, spec);
            if (matched.isEmpty() && !drop.ifExists()) {
                throw new SemanticException("No partition of table '" + table.name() + "' matches " + spec
                        + " (use DROP IF EXISTS)");
            }
            matched.stream().filter(p -> !dropped.contains(p)).forEach(dropped::add);
        }
        new TableRewrite(session.config()).removePartitionRows(table.name(), dropped, current -> {
            List<PartitionInfo> out = new ArrayList<>(current);
            out.removeAll(dropped);
            return out;
        });
        return new StatementResult.Done("Dropped " + dropped.size() + " partition(s) of table " + table.name(), 0);
    }

    /** {@code TRUNCATE TABLE t PARTITION (…)}: the partitions' rows go, the partitions stay. */
    StatementResult truncate(TableInfo table, TruncateTableStatement t) {
        partitioned(table);
        List<PartitionInfo> emptied = matching(table, t.partition());
        if (emptied.isEmpty()) {
            throw new SemanticException("No partition of table '" + table.name() + "' matches " + t.partition());
        }
        new TableRewrite(session.config()).removePartitionRows(table.name(), emptied, current -> current);
        return new StatementResult.Done("Truncated " + emptied.size() + " partition(s) of table " + table.name(), 0);
    }

    // ---------------------------------------------------------------- reading PARTITION clauses

    /** The table, when it is partitioned; the statement's error otherwise. */
    static TableInfo partitioned(TableInfo table) {
        if (!table.isPartitioned()) {
            throw new SemanticException("Table '" + table.name() + "' is not a partitioned table");
        }
        return table;
    }

    /**
     * The canonical values of a spec naming every partition column with a value, in the table's order.
     *
     * @throws SemanticException naming the column that is unknown, missing, without a value or with a wrong value
     */
    static List<String> staticValues(TableInfo table, PartitionSpec spec, String statement) {
        Map<String, String> given = values(table, spec);
        List<String> out = new ArrayList<>();
        for (ColumnInfo c : table.partitionColumnInfos()) {
            if (!given.containsKey(c.name()) || given.get(c.name()) == null) {
                throw new SemanticException(statement + " needs a value for every partition column of table '" + table.name()
                        + "' " + table.partitionColumns() + "; " + spec + " has none for '" + c.name() + "'");
            }
            out.add(given.get(c.name()));
        }
        return out;
    }

    /** The partitions of the table a spec naming some of its columns matches (all of them without a spec). */
    static List<PartitionInfo> matching(TableInfo table, PartitionSpec spec) {
        if (spec == null) {
            return table.partitions();
        }
        Map<String, String> given = values(table, spec);
        List<PartitionInfo> out = new ArrayList<>();
        for (PartitionInfo p : table.partitions()) {
            boolean match = true;
            for (int i = 0; i < table.partitionColumns().size() && match; i++) {
                String wanted = given.get(table.partitionColumns().get(i));
                match = wanted == null || wanted.equals(p.values().get(i));
            }
            if (match) {
                out.add(p);
            }
        }
        return out;
    }

    /** Column → canonical value (null for a dynamic column), each column checked to be a partition column. */
    static Map<String, String> values(TableInfo table, PartitionSpec spec) {
        Map<String, String> out = new LinkedHashMap<>();
        for (PartitionSpec.Value v : spec.values()) {
            int at = table.partitionColumns().indexOf(v.column());
            if (at < 0) {
                throw new SemanticException("'" + v.column() + "' is not a partition column of table '" + table.name()
                        + "' (partition columns: " + String.join(", ", table.partitionColumns()) + ")");
            }
            try {
                out.put(v.column(), v.isDynamic() ? null : PartitionValues.canonical(table.partitionColumnInfos().get(at), v.value()));
            } catch (CatalogException e) {
                throw new SemanticException(e.getMessage() + " in table '" + table.name() + "'", e);
            }
        }
        return out;
    }
}
