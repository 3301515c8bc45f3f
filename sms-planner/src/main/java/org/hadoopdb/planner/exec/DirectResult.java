package org.hadoopdb.planner.exec;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.chunk.ChunkReadException;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.exec.mr.ChunkInputAdapter;
import org.hadoopdb.planner.plan.ChunkSource;

/**
 * Hive's fetch task: a map-only result read straight from the chunks, one after the other, without
 * a job. A chunk whose node fails before it returned a row is read from its next copy; after rows
 * were returned, a retry would repeat them, so the query fails instead, naming the chunk and node.
 */
final class DirectResult implements ResultStream {
    private final List<ChunkSplit> splits;
    private final RowSchema schema;
    private final ChunkReadSettings settings;
    private final CredentialResolver credentials;
    private int next;
    private ChunkReader reader;
    private Row row;

    private DirectResult(List<ChunkSplit> splits, RowSchema schema, ChunkReadSettings settings, CredentialResolver credentials) {
        this.splits = splits;
        this.schema = schema;
        this.settings = settings;
        this.credentials = credentials;
    }

    static ResultStream open(HadoopDbConfig config, Path catalogDir, long version, ChunkSource source, RowSchema schema) {
        Catalog catalog = new CatalogStore(catalogDir, config.hadoopConf(), "hadoopdb").load(version);
        ChunkReadSettings settings = ChunkReadSettings.from(config);
        CredentialResolver credentials = new CredentialResolver(config.hadoopConf());
        List<ChunkSplit> splits = ChunkSplits.plan(catalog, ChunkInputAdapter.query(source), settings, credentials);
        return new DirectResult(splits, schema, settings, credentials);
    }

    @Override
    public RowSchema schema() {
        return schema;
    }

    @Override
    public boolean next() {
        while (true) {
            if (reader == null) {
                if (next >= splits.size()) {
                    return false;
                }
                reader = openWithFailover(splits.get(next++));
                row = new Row(splits.get(next - 1).schema());
            }
            if (reader.next(row)) {
                return true;
            }
            reader.close();
            reader = null;
        }
    }

    private ChunkReader openWithFailover(ChunkSplit split) {
        ChunkReadException last = null;
        for (int copy = 0; copy < split.copies().size(); copy++) {
            try {
                return ChunkReader.open(split, copy, settings, credentials);
            } catch (ChunkReadException e) {
                if (!e.nodeFailure()) {
                    throw e;
                }
                last = e;
            }
        }
        throw new PlannerException("Every copy of " + split + " failed; the last error: " + last.getMessage(), last);
    }

    @Override
    public Row row() {
        return row;
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.close();
            reader = null;
        }
        next = splits.size();
    }
}
