package org.hadoopdb.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes the console's requests (authentication has been checked before any reaches it): the HTML
 * pages, the JSON API, the cancel action and {@code /metrics}.
 */
final class ConsoleHandler extends AbstractHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleHandler.class);
    private static final Pattern QUERY_PAGE = Pattern.compile("/queries/(\\d+)");
    private static final Pattern QUERY_API = Pattern.compile("/api/queries/(\\d+)");
    private static final Pattern CANCEL_API = Pattern.compile("/api/queries/(\\d+)/cancel");

    private final QueryRegistry queries;
    private final ClusterView cluster;
    private final IntSupplier queued;
    private final ObjectMapper json = new ObjectMapper();

    /** @param queued statements waiting for a running slot now (the query server's gate) */
    ConsoleHandler(QueryRegistry queries, ClusterView cluster, IntSupplier queued) {
        this.queries = queries;
        this.cluster = cluster;
        this.queued = queued;
    }

    @Override
    public void handle(String target, Request base, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        base.setHandled(true);
        String method = request.getMethod();
        String path = request.getPathInfo() == null ? target : request.getPathInfo();
        Matcher m;
        if ((m = CANCEL_API.matcher(path)).matches()) {
            if (!method.equals("POST")) {
                send(response, 405, "text/plain; charset=utf-8", "Cancel with POST");
                return;
            }
            cancel(Long.parseLong(m.group(1)), request.getRemoteUser(), response);
            return;
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            send(response, 405, "text/plain; charset=utf-8", method + " is not allowed on " + path);
            return;
        }
        if (path.equals("/") || path.equals("/queries")) {
            send(response, 200, "text/html; charset=utf-8", QueryPages.list(queries.running(), queries.recent()));
        } else if ((m = QUERY_PAGE.matcher(path)).matches()) {
            Optional<QueryInfo> q = queries.info(Long.parseLong(m.group(1)));
            if (q.isEmpty()) {
                send(response, 404, "text/plain; charset=utf-8", "No query " + m.group(1) + " (it may have left the history)");
            } else {
                send(response, 200, "text/html; charset=utf-8", QueryPages.detail(q.get()));
            }
        } else if (path.equals("/cluster")) {
            send(response, 200, "text/html; charset=utf-8", ClusterPage.render(cluster.snapshot()));
        } else if (path.equals("/api/queries")) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("running", QueryJson.of(queries.running()));
            body.put("recent", QueryJson.of(queries.recent()));
            sendJson(response, 200, body);
        } else if ((m = QUERY_API.matcher(path)).matches()) {
            Optional<QueryInfo> q = queries.info(Long.parseLong(m.group(1)));
            if (q.isEmpty()) {
                sendJson(response, 404, Map.of("error", "No query " + m.group(1)));
            } else {
                sendJson(response, 200, QueryJson.detail(q.get()));
            }
        } else if (path.equals("/api/cluster")) {
            sendJson(response, 200, cluster.snapshot().json());
        } else if (path.equals("/metrics")) {
            send(response, 200, PrometheusText.CONTENT_TYPE,
                    PrometheusText.render(queries, queued.getAsInt(), cluster.snapshot()));
        } else {
            send(response, 404, "text/plain; charset=utf-8", "Nothing at " + path);
        }
    }

    /** Only the statement's owner may cancel it (anyone when the server runs without authentication). */
    private void cancel(long id, String user, HttpServletResponse response) throws IOException {
        Optional<QueryRecord> found = queries.find(id);
        if (found.isEmpty()) {
            Optional<QueryInfo> ended = queries.info(id);
            if (ended.isPresent() && !Objects.equals(ended.get().user(), user)) {
                sendJson(response, 403, Map.of("error", "Query " + id + " belongs to " + ended.get().user()
                        + "; only its owner may cancel it"));
            } else if (ended.isPresent()) {
                sendJson(response, 409, Map.of("error", "Query " + id + " is " + ended.get().state() + ": nothing to cancel"));
            } else {
                sendJson(response, 404, Map.of("error", "No query " + id));
            }
            return;
        }
        QueryRecord q = found.get();
        if (!Objects.equals(q.user(), user)) {
            sendJson(response, 403, Map.of("error", "Query " + id + " belongs to " + q.user() + "; only its owner may cancel it"));
            return;
        }
        if (!q.cancel()) {
            sendJson(response, 409, Map.of("error", "Query " + id + " is " + q.state() + ": nothing to cancel"));
            return;
        }
        LOG.info("{} cancelled query {} from the web console", user, id);
        QueryInfo info = q.info();
        sendJson(response, 202, QueryJson.of(info));
    }

    private void sendJson(HttpServletResponse response, int status, Object body) throws IOException {
        send(response, status, "application/json; charset=utf-8", json.writeValueAsString(body));
    }

    private static void send(HttpServletResponse response, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(type);
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
