package org.hadoopdb.loader.local;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.physical.ChunkSql;

/** Reads a freshly analyzed chunk copy's size and statistics for the task's report. */
public final class ChunkStats {
    private ChunkStats() {
    }

    public static NodeReport.ChunkResult chunkResult(Connection c, LoadPlan plan, int chunk, String schema, String nodeId, long rows,
                                                     long newRows) throws SQLException {
        List<NodeReport.ColumnResult> columns = new ArrayList<>();
        for (ChunkSql.PgColumnStats s : ChunkSql.columnStats(c, schema, plan.table())) {
            columns.add(new NodeReport.ColumnResult(s.column(), s.nullFraction(), s.avgWidth(), s.nDistinct()));
        }
        return new NodeReport.ChunkResult(chunk, nodeId, rows, newRows, ChunkSql.totalBytes(c, schema, plan.table()), columns);
    }
}
