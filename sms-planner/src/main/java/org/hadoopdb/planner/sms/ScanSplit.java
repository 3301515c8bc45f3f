package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.core.TableScan;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.analyze.HadoopDbTable;
import org.hadoopdb.planner.plan.StageInput;

/** A table scan: always pushed, placed where the catalog says the table's rows are. */
final class ScanSplit implements OperatorSplit<TableScan> {
    private final SplitContext ctx;

    ScanSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(TableScan scan) {
        HadoopDbTable table = scan.getTable().unwrap(HadoopDbTable.class);
        if (table == null) {
            throw new PlannerException("Unknown table " + scan.getTable().getQualifiedName());
        }
        TableInfo t = table.info();
        if (t.isExternal()) {
            // files, not chunks: a map stage reads them, and every operator above runs in MapReduce
            java.util.Map<String, String> format = new java.util.LinkedHashMap<>();
            t.properties().forEach(p -> format.put(p.name(), p.value()));
            StageBuilder stage = ctx.newStage(new StageInput.Files(t.name(), t.location(), format,
                    RowSchemas.of(scan.getRowType()), List.of()));
            ctx.note("Table " + t.name() + " is external: its files at " + t.location() + " are read by MapReduce");
            return new Fragment.Staged(stage, scan.getRowType(), false);
        }
        if (t.isReplicated()) {
            return new Fragment.Pushed(scan, new Placement.Replicated(t, Set.of(t.name())));
        }
        List<Integer> keys = new ArrayList<>();
        for (String k : t.partitionKeys()) {
            keys.add(t.columnIndex(k));
        }
        return new Fragment.Pushed(scan, new Placement.Chunked(t, ctx.catalog().scheme(t.scheme()), keys, null, Set.of(t.name())));
    }
}
