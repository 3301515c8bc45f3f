package org.hadoopdb.jdbc.queries;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.hiveql.ast.CreateTableStatement;
import org.hadoopdb.hiveql.ast.InsertDirectoryStatement;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.planner.QueryPlanner.PlannedQuery;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records a query's plan for the web console, and that of the SELECT of an INSERT or CREATE TABLE … AS
 * SELECT: its EXPLAIN text and the SQL it pushes to the chunks.
 * The endpoint calls it just before the session runs the statement; the plan comes from the
 * session's {@link Session#plan} of the query (planning leaves the parsed statement as it was), which
 * the run then finds again in the engine's plan cache (a plan holding the time it was made,
 * {@code current_timestamp}, is made a second time).
 */
public final class QueryPlans {
    private static final Logger LOG = LoggerFactory.getLogger(QueryPlans.class);
    /** Characters of EXPLAIN text kept; the rest of a larger plan is cut off. */
    static final int MAX_PLAN_CHARS = 32 * 1024;

    private QueryPlans() {
    }

    /**
     * Records the plan of {@code statement} when it is a query, or has one ({@link #queryOf}), and the
     * registry keeps plans. A query that cannot be planned is left without one: running it reports the
     * same error to its client.
     */
    public static void record(QueryRecord record, Session session, Statement statement) {
        Optional<QueryStatement> select = queryOf(statement);
        if (select.isEmpty() || !record.keepsPlan()) {
            return;
        }
        QueryStatement query = select.get();
        try {
            PlannedQuery planned = session.plan(query);
            record.planned(truncate(planned.explain(false)), pushed(planned.plan(), session.catalog()));
        } catch (RuntimeException e) {
            LOG.debug("No plan recorded for statement {}: {}", record.id(), e.getMessage());
        }
    }

    /**
     * The query a statement runs: a query itself, or the SELECT of an {@code INSERT … SELECT} (into a
     * table or a directory; an {@code INSERT … VALUES} runs its VALUES) or of a {@code CREATE TABLE … AS
     * SELECT}, planned as EXPLAIN plans it (the insert runs it with its values cast to the table's
     * columns on top).
     */
    static Optional<QueryStatement> queryOf(Statement statement) {
        if (statement instanceof QueryStatement q) {
            return Optional.of(q);
        }
        if (statement instanceof InsertTableStatement i) {
            return Optional.of(new QueryStatement(i.query(), List.of(), i.span()));
        }
        if (statement instanceof InsertDirectoryStatement i) {
            return Optional.of(new QueryStatement(i.query(), List.of(), i.span()));
        }
        if (statement instanceof CreateTableStatement c && c.asQuery() != null) {
            return Optional.of(new QueryStatement(c.asQuery(), List.of(), c.span()));
        }
        return Optional.empty();
    }

    /** The SQL of every chunk source of {@code plan}, in stage order, the direct read last. */
    public static List<PushedSql> pushed(QueryPlan plan, Catalog catalog) {
        List<PushedSql> out = new ArrayList<>();
        for (Stage s : plan.stages()) {
            for (StageInput in : s.inputs()) {
                if (in instanceof StageInput.Chunks c) {
                    out.add(of(s.id(), c.source(), catalog));
                }
            }
        }
        if (plan.result() instanceof QueryPlan.Direct d) {
            out.add(of(0, d.source(), catalog));
        }
        return List.copyOf(out);
    }

    private static PushedSql of(int stage, ChunkSource source, Catalog catalog) {
        Map<String, List<Integer>> byNode = new TreeMap<>();
        Optional<TableInfo> table = source.driver() == null ? Optional.empty() : catalog.findTable(source.driver());
        for (ChunkInfo chunk : table.map(TableInfo::chunks).orElse(List.of())) {
            if (source.chunks() == null || source.chunks().contains(chunk.index())) {
                byNode.computeIfAbsent(chunk.primary(), n -> new ArrayList<>()).add(chunk.index());
            }
        }
        byNode.replaceAll((node, chunks) -> {
            Collections.sort(chunks);
            return List.copyOf(chunks);
        });
        return new PushedSql(stage, source.name(), source.driver(), Collections.unmodifiableMap(byNode), source.sql());
    }

    static String truncate(String explain) {
        return explain.length() <= MAX_PLAN_CHARS ? explain
                : explain.substring(0, MAX_PLAN_CHARS) + "\n… (" + (explain.length() - MAX_PLAN_CHARS) + " more characters)";
    }
}
