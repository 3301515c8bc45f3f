package org.hadoopdb.planner.analyze;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlShuttle;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.hiveql.parse.TableSampleOperator;
import org.hadoopdb.planner.SemanticException;

/**
 * Checks each {@code TABLESAMPLE (BUCKET x OUT OF y ON columns)} against the catalog before validation:
 * HadoopDB's buckets are a table's chunks, so the ON columns must be the table's partitioning key; the
 * call then becomes Calcite's TABLESAMPLE, as one without ON is written by the parser.
 */
final class TableSamples {
    private TableSamples() {
    }

    static SqlNode resolve(SqlNode query, Catalog catalog, String database) {
        SqlNode out = query.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlCall call) {
                if (call.getOperator() == TableSampleOperator.INSTANCE) {
                    return check(call, catalog, database);
                }
                return super.visit(call);
            }
        });
        return out == null ? query : out;
    }

    private static SqlNode check(SqlCall call, Catalog catalog, String database) {
        SqlNode table = TableSampleOperator.table(call);
        SqlIdentifier name = (SqlIdentifier) (table.getKind() == SqlKind.AS ? ((SqlCall) table).operand(0) : table);
        String qualified = Names.qualify(database, String.join(".", name.names));
        TableInfo t = catalog.findTable(qualified).orElseThrow(() -> new SemanticException("TABLESAMPLE: table '" + qualified
                + "' not found (a view or sub-query has no chunks to sample)"));
        List<String> on = TableSampleOperator.columns(call);
        if (t.distribution() != Distribution.HASH || !lower(on).equals(lower(t.partitionKeys()))) {
            throw new SemanticException("TABLESAMPLE (BUCKET … ON " + String.join(", ", on) + ") of table '" + t.name()
                    + "': HadoopDB's buckets are the table's chunks, so ON must name the partitioning key"
                    + (t.distribution() == Distribution.HASH ? " (" + String.join(", ", t.partitionKeys()) + ")"
                    : ", and '" + t.name() + "' is " + t.distribution().name().toLowerCase(Locale.ROOT) + ", without chunks to sample"));
        }
        return TableSampleOperator.bucketSample(table, TableSampleOperator.numerator(call), TableSampleOperator.denominator(call),
                call.getParserPosition());
    }

    private static TreeSet<String> lower(List<String> names) {
        TreeSet<String> out = new TreeSet<>();
        names.forEach(n -> out.add(n.toLowerCase(Locale.ROOT)));
        return out;
    }
}
