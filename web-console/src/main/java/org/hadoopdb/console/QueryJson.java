package org.hadoopdb.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.jdbc.queries.PushedSql;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.StageProgress;

/**
 * The JSON form of recorded statements (maps and lists Jackson writes as they are; times in
 * ISO-8601): a statement in a list without its plan and pushed SQL ({@link #of}), one statement's
 * own answer with them ({@link #detail}).
 */
final class QueryJson {
    private QueryJson() {
    }

    static Map<String, Object> of(QueryInfo q) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", q.id());
        m.put("user", q.user());
        m.put("client", q.client());
        m.put("remoteAddress", q.remoteAddress());
        m.put("kind", q.kind());
        m.put("text", q.text());
        m.put("state", q.state().name());
        m.put("started", q.started().toString());
        m.put("ended", time(q.ended()));
        m.put("elapsedMillis", q.elapsedMillis());
        m.put("rows", q.rows());
        m.put("error", q.error());
        m.put("sqlState", q.sqlState());
        List<Map<String, Object>> stages = new ArrayList<>();
        for (StageProgress s : q.stages()) {
            Map<String, Object> stage = new LinkedHashMap<>();
            stage.put("stage", s.stage());
            stage.put("stages", s.stages());
            stage.put("jobId", s.jobId());
            stage.put("map", s.map());
            stage.put("reduce", s.reduce());
            stage.put("started", time(s.started()));
            stage.put("ended", time(s.ended()));
            stages.add(stage);
        }
        m.put("stages", stages);
        return m;
    }

    /** {@link #of} with the plan (EXPLAIN's text) and the SQL pushed to the chunks. */
    static Map<String, Object> detail(QueryInfo q) {
        Map<String, Object> m = of(q);
        m.put("plan", q.plan());
        List<Map<String, Object>> pushed = new ArrayList<>();
        for (PushedSql p : q.pushed()) {
            Map<String, Object> sql = new LinkedHashMap<>();
            sql.put("stage", p.stage());
            sql.put("source", p.source());
            sql.put("table", p.table());
            sql.put("chunksByNode", p.chunksByNode());
            sql.put("sql", p.sql());
            pushed.add(sql);
        }
        m.put("pushed", pushed);
        return m;
    }

    private static String time(Instant t) {
        return t == null ? null : t.toString();
    }

    static List<Map<String, Object>> of(List<QueryInfo> queries) {
        List<Map<String, Object>> out = new ArrayList<>(queries.size());
        for (QueryInfo q : queries) {
            out.add(of(q));
        }
        return out;
    }
}
