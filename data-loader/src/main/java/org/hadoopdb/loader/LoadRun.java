package org.hadoopdb.loader;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.table.TableProperties;
import org.hadoopdb.loader.text.TextFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One load, from input to published catalog version (see {@link Loader}); used once. It runs the
 * phases in order ({@link LoadPlanner}, {@link GlobalRepartition}, {@link NodeTasks},
 * {@link Publication}), times them, and on failure or cancellation drops what the load created
 * ({@link StagingCleanup}); its work directory goes in every case.
 */
final class LoadRun {
    private static final Logger LOG = LoggerFactory.getLogger(LoadRun.class);

    private final HadoopDbConfig config;
    private final CatalogStore store;
    private final LoadSpec spec;
    private final Catalog catalog;
    private final TableInfo table;
    private final String loadId;
    private final long start;
    private final LoadWorkspace workspace;
    private final ProgressReporter progress;
    private LoadPlan plan;
    private boolean published;

    private Duration prepareTime;
    private Duration localTime;
    private Duration replicationTime;

    /**
     * @param catalog the catalog as it is under the table's load lock
     * @param table   the table as that catalog has it
     * @param start   {@link System#nanoTime()} when the load was asked for
     */
    LoadRun(HadoopDbConfig config, CatalogStore store, LoadSpec spec, LoadProgressListener listener, Catalog catalog, TableInfo table,
            String loadId, long start) {
        this.config = config;
        this.store = store;
        this.spec = spec;
        this.catalog = catalog;
        this.table = table;
        this.loadId = loadId;
        this.start = start;
        this.workspace = new LoadWorkspace(config, table.name(), loadId);
        this.progress = new ProgressReporter(listener, start);
    }

    LoadReport run() {
        try {
            progress.startPhase();
            progress.report(LoadPhase.PREPARE, 0, 0);
            LoadInputs inputs = LoadInputs.resolve(spec, workspace);
            plan = new LoadPlanner(store, catalog, table).plan(loadId, inputs.bytes(), spec.overwrite() && spec.partitions() == null,
                    spec.partitions(), workspace.workDir());
            TextFormat format = spec.format().applyTo(TextFormat.fromProperties(TableProperties.of(table)));
            RejectLimit limit = RejectLimit.parse(spec.maxRejects() != null ? spec.maxRejects() : config.get(ConfigKeys.LOAD_MAX_REJECTS));
            LOG.info("Load {} of table {} (generation {}, {}) from {} ({} bytes), {}", loadId, table.name(), plan.generation(),
                    spec.overwrite() ? "overwrite" : "append", spec.inputs(), inputs.bytes(), spec.rowSchema() == null ? format : "typed rows");
            prepareTime = since(start);

            GlobalRepartition.Outcome global = new GlobalRepartition(config, spec, plan, workspace, progress).run(inputs, format, limit);
            checkInterrupted();

            NodeTasks nodeTasks = new NodeTasks(config, plan, workspace, progress);
            long t = System.nanoTime();
            Map<Integer, NodeReport> local = nodeTasks.loadChunks(global.results());
            localTime = since(t);
            checkInterrupted();

            t = System.nanoTime();
            if (plan.replication() > 1) {
                nodeTasks.replicate();
            }
            replicationTime = since(t);
            checkInterrupted();

            return publish(global, local);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cleanUp();
            throw new LoaderException("The load of table '" + table.name() + "' was cancelled; nothing was published", e);
        } catch (LoaderException e) {
            cleanUp();
            throw e;
        } catch (IOException | RuntimeException e) {
            cleanUp();
            throw new LoaderException("The load of table '" + table.name() + "' failed: " + e.getMessage()
                    + "; nothing was published", e);
        } finally {
            workspace.delete();
        }
    }

    private LoadReport publish(GlobalRepartition.Outcome global, Map<Integer, NodeReport> local) {
        long t = System.nanoTime();
        progress.startPhase();
        progress.report(LoadPhase.PUBLISH, 0, global.results().totalRows());
        Publication publication = new Publication(config, store, catalog, plan, workspace.jobBase());
        Publication.Published result = publication.publish(global.results(), local);
        published = true;
        publication.collectGarbage();
        LoadTimings timings = LoadReportAssembler.timings(prepareTime, global.elapsed(), localTime, replicationTime, since(t), since(start),
                local.values());
        LoadReport report = LoadReportAssembler.report(plan, global, result, timings);
        progress.startPhase();
        progress.report(LoadPhase.DONE, 100, report.rowsLoaded());
        LOG.info("Load {} of {} published generation {} (catalog version {}): {} rows loaded, {} rejected; {}", loadId, table.name(),
                plan.generation(), report.catalogVersion(), report.rowsLoaded(), report.rowsRejected(), timings);
        return report;
    }

    /** Drops every schema this load created, on every node (staging and renamed ones), unless it published them. */
    private void cleanUp() {
        if (plan == null || published) {
            return;
        }
        StagingCleanup.dropSchemasOf(loadId, catalog.nodes(), config);
    }

    private static void checkInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("load cancelled");
        }
    }

    private static Duration since(long nanoTime) {
        return Duration.ofNanos(System.nanoTime() - nanoTime);
    }
}
