package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.PartitionInfo;
import org.hadoopdb.catalog.model.PartitionValues;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.PartitionSpec;
import org.hadoopdb.loader.LoadReport;
import org.hadoopdb.loader.PartitionWrite;
import org.hadoopdb.planner.SemanticException;

/**
 * {@code INSERT INTO/OVERWRITE TABLE t PARTITION (…) …} into a table {@code PARTITIONED BY (…)}, with Hive's
 * rules: the clause names every partition column; a column with a value is static (every row gets it), one
 * without is dynamic (its value is the query's column after the others, in the clause's order); a static
 * column does not follow a dynamic one; with {@code hive.exec.dynamic.partition.mode=strict} (Hive's
 * default) at least one column is static; one statement writes at most
 * {@code hive.exec.max.dynamic.partitions} partitions. Without a clause every partition column is dynamic.
 * {@code OVERWRITE} replaces the rows of the partitions written (a static partition is written even by an
 * empty result) and keeps every other partition's.
 */
final class PartitionedInsert {
    static final String DYNAMIC = "hive.exec.dynamic.partition";
    static final String MODE = "hive.exec.dynamic.partition.mode";
    static final String MAX_PARTITIONS = "hive.exec.max.dynamic.partitions";

    private final Session session;
    private final TableInfo table;
    private final InsertTableStatement insert;

    PartitionedInsert(Session session, TableInfo table, InsertTableStatement insert) {
        this.session = session;
        this.table = table;
        this.insert = insert;
    }

    LoadReport run(TableStatements tables, StatementListener listener) {
        PartitionSpec spec = insert.partition() != null ? insert.partition() : allDynamic();
        Map<String, String> values = PartitionStatements.values(table, spec);
        List<String> partitionColumns = table.partitionColumns();
        List<String> dynamic = new ArrayList<>();
        for (String c : partitionColumns) {
            if (!values.containsKey(c)) {
                throw new SemanticException("INSERT into table '" + table.name() + "' names partition columns "
                        + spec.columns() + " but the table is partitioned by " + partitionColumns + ": name every one,"
                        + " with a value (static) or without (dynamic)");
            }
            if (values.get(c) == null) {
                dynamic.add(c);
            } else if (!dynamic.isEmpty()) {
                throw new SemanticException("Static partition column '" + c + "' follows dynamic partition column '"
                        + dynamic.get(0) + "' in " + spec + ": the static columns come first");
            }
        }
        Map<String, String> constants = new java.util.HashMap<>();
        values.forEach((k, v) -> {
            if (v != null) {
                constants.put(k, v);
            }
        });
        if (!dynamic.isEmpty()) {
            checkDynamicAllowed(constants.isEmpty());
        }
        List<String> targets = new ArrayList<>();
        if (!insert.columns().isEmpty()) {
            for (String c : insert.columns()) {
                if (partitionColumns.contains(c)) {
                    throw new SemanticException("Partition column '" + c + "' of table '" + table.name()
                            + "' is given in PARTITION (…), not in the column list");
                }
                targets.add(c);
            }
            targets.addAll(dynamic);
        }
        var wrapped = tables.insertQuery(table, targets, constants, insert.query(), insert.span());
        Set<PartitionInfo> written = new LinkedHashSet<>();
        if (dynamic.isEmpty()) {
            written.add(new PartitionInfo(PartitionStatements.staticValues(table, spec, "INSERT … PARTITION")));
        }
        java.util.function.Consumer<Row> collect = dynamic.isEmpty() ? null : collector(written, maxPartitions());
        return tables.insertRows(table, wrapped, insert.span(), listener, collect,
                load -> load.partitions(new PartitionWrite(List.of(), List.copyOf(written), insert.overwrite())));
    }

    private PartitionSpec allDynamic() {
        List<PartitionSpec.Value> values = new ArrayList<>();
        table.partitionColumns().forEach(c -> values.add(new PartitionSpec.Value(c, null)));
        return new PartitionSpec(values);
    }

    private void checkDynamicAllowed(boolean noStatic) {
        var conf = session.config().hadoopConf();
        if (!conf.getBoolean(DYNAMIC, true)) {
            throw new SemanticException("Dynamic partitions are turned off (" + DYNAMIC + "=false): give every partition"
                    + " column of table '" + table.name() + "' a value, or SET " + DYNAMIC + "=true");
        }
        if (noStatic && !"nonstrict".equalsIgnoreCase(conf.get(MODE, "strict").trim())) {
            throw new SemanticException("Dynamic partition strict mode requires at least one static partition column"
                    + " (table '" + table.name() + "' is partitioned by " + table.partitionColumns() + "). To turn this off,"
                    + " SET " + MODE + "=nonstrict");
        }
    }

    private int maxPartitions() {
        return session.config().hadoopConf().getInt(MAX_PARTITIONS, 1000);
    }

    /** Collects the partitions of the rows written, failing the statement past {@code max} of them. */
    private java.util.function.Consumer<Row> collector(Set<PartitionInfo> written, int max) {
        List<ColumnInfo> columns = table.partitionColumnInfos();
        int first = table.columns().size() - columns.size();
        List<String> last = new ArrayList<>();
        return row -> {
            List<String> values = new ArrayList<>(columns.size());
            for (int i = 0; i < columns.size(); i++) {
                values.add(PartitionValues.canonical(columns.get(i), row.get(first + i)));
            }
            if (values.equals(last)) {
                return; // rows of one partition often come together
            }
            last.clear();
            last.addAll(values);
            if (written.add(new PartitionInfo(values)) && written.size() > max) {
                throw new SemanticException("INSERT into table '" + table.name() + "' would write more than " + max
                        + " partitions (" + MAX_PARTITIONS + "); nothing was inserted. SET " + MAX_PARTITIONS
                        + " higher if that is meant");
            }
        };
    }
}
