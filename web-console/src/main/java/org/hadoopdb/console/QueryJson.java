package org.hadoopdb.console;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.StageProgress;

/** The JSON form of recorded statements (maps and lists Jackson writes as they are; times in ISO-8601). */
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
        m.put("ended", q.ended() == null ? null : q.ended().toString());
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
            stages.add(stage);
        }
        m.put("stages", stages);
        return m;
    }

    static List<Map<String, Object>> of(List<QueryInfo> queries) {
        List<Map<String, Object>> out = new ArrayList<>(queries.size());
        for (QueryInfo q : queries) {
            out.add(of(q));
        }
        return out;
    }
}
