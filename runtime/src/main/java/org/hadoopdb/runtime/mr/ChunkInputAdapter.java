package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.chunk.ChunkQuery;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkRecordReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.runtime.ops.Cancellation;

/**
 * Reads a stage's chunk sources through the database connector: one split per chunk, bound to the
 * exact catalog version the query was planned against, so a load published while the query runs
 * changes nothing it reads.
 */
public final class ChunkInputAdapter {
    private ChunkInputAdapter() {
    }

    /** The connector's query for a source: driving table first, then the co-located and replicated ones. */
    public static ChunkQuery query(ChunkSource source) {
        List<String> tables = new ArrayList<>();
        if (source.driver() != null) {
            tables.add(source.driver());
        }
        tables.addAll(source.tables());
        return new ChunkQuery(tables, source.sql(), source.schema(), source.chunks());
    }

    /** The catalog version a job's configuration names. */
    public static Catalog catalog(Configuration conf) {
        String dir = conf.get(StageConf.CATALOG_DIR);
        long version = conf.getLong(StageConf.CATALOG_VERSION, -1);
        if (dir == null || version < 0) {
            throw new IllegalStateException("The job configuration does not name its catalog version");
        }
        return new CatalogStore(new Path(dir), conf, "hadoopdb").load(version);
    }

    static List<InputSplit> splits(JobContext job, ChunkSource source) throws IOException {
        Configuration conf = job.getConfiguration();
        List<ChunkSplit> splits = ChunkSplits.plan(catalog(conf), query(source),
                ChunkReadSettings.from(HadoopDbConfig.of(conf)), new CredentialResolver(conf));
        return new ArrayList<>(splits);
    }

    /**
     * A reader of the chunk split wrapped in a stage split; the framework initializes it with the wrapper.
     * A task of a cancelled query does not start its chunk statement, has the statement it waits for
     * cancelled on its node, and stops reading within a few rows.
     */
    static RecordReader<Writable, Row> reader(InputSplit chunk, TaskAttemptContext ctx) {
        ChunkRecordReader reader = new ChunkRecordReader();
        return new RecordReader<>() {
            private Cancellation.Ticker rows;
            private QueryCancellation.Registration statementCancel = () -> { };

            @Override
            public void initialize(InputSplit ignored, TaskAttemptContext c) throws IOException, InterruptedException {
                // the chunk statement runs here, before the mapper: its error is the task's cause
                try {
                    Cancellation cancellation = QueryCancellation.forTask(c.getConfiguration());
                    cancellation.check();
                    rows = cancellation.ticker();
                    statementCancel = QueryCancellation.onCancel(c.getConfiguration(), reader.statementCancel()::cancel);
                    reader.initialize(chunk, c);
                } catch (IOException | RuntimeException | Error e) {
                    TaskFailures.record(c, e);
                    throw e;
                }
            }

            @Override
            public boolean nextKeyValue() throws IOException {
                rows.tick();
                return reader.nextKeyValue();
            }

            @Override
            public Writable getCurrentKey() {
                return reader.getCurrentKey();
            }

            @Override
            public Row getCurrentValue() {
                return reader.getCurrentValue();
            }

            @Override
            public float getProgress() {
                return reader.getProgress();
            }

            @Override
            public void close() {
                statementCancel.close();
                reader.close();
            }
        };
    }
}
