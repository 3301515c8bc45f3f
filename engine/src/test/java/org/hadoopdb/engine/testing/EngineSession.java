package org.hadoopdb.engine.testing;

import java.util.List;
import java.util.Map;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;

/**
 * An engine on the shared test cluster and one session on it: what the statement ITs run their HiveQL
 * through, and read the rows of as {@link Differential} prints them.
 *
 * <pre>{@code
 * EngineSession db = EngineSession.start(2);
 * db.run("CREATE TABLE t (a INT)");
 * assertThat(db.query("SELECT count(*) FROM t")).containsExactly("0");
 * db.close(List.of("t"));
 * }</pre>
 */
public final class EngineSession {
    private final HadoopDbEngine engine;
    private final Session session;
    private final Differential rows;

    private EngineSession(HadoopDbEngine engine) {
        this.engine = engine;
        this.session = engine.openSession(Map.of());
        this.rows = new Differential(session, engine, engine.catalog().nodes().get(0), "unused", 9);
    }

    /** An engine on the shared cluster of {@code nodes} nodes, with a session in {@code default}. */
    public static EngineSession start(int nodes) {
        return new EngineSession(HadoopDbEngine.start(TestClusters.shared(nodes).config(), msg -> { }));
    }

    public HadoopDbEngine engine() {
        return engine;
    }

    public Session session() {
        return session;
    }

    /** Runs one statement. */
    public StatementResult run(String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    /** A query's rows, one line each, values as {@link Differential#normalize} spells them. */
    public List<String> query(String sql) {
        return rows.hadoopDb(sql);
    }

    /** Drops {@code tables} (those that exist), then closes the session and the engine. */
    public void close(List<String> tables) {
        try {
            tables.forEach(t -> run("DROP TABLE IF EXISTS " + t));
        } finally {
            session.close();
            engine.close();
        }
    }
}
