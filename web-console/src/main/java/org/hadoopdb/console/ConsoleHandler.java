package org.hadoopdb.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;
import org.hadoopdb.connector.pool.PoolConnections;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.QueryRegistry;

/**
 * Routes the console's requests (authentication has been checked before any reaches it): the HTML
 * pages, the JSON API, the cancel action and {@code /metrics}.
 */
final class ConsoleHandler extends AbstractHandler {
    private static final Pattern QUERY_PAGE = Pattern.compile("/queries/(\\d+)");
    private static final Pattern QUERY_API = Pattern.compile("/api/queries/(\\d+)");
    private static final Pattern CANCEL_API = Pattern.compile("/api/queries/(\\d+)/cancel");
    private static final Pattern CANCEL_PAGE = Pattern.compile("/queries/(\\d+)/cancel");

    private final QueryRegistry queries;
    private final ClusterView cluster;
    private final QueryGate gate;
    private final Supplier<List<PoolConnections.Node>> connections;
    private final YarnLinks links;
    private final Set<String> admins;
    private final ObjectMapper json = new ObjectMapper();

    /**
     * @param gate        the query server's admission gate (its queue and waits)
     * @param connections the node sessions of the server's process now
     * @param links       links from job ids to YARN's pages
     * @param admins      users who may cancel anyone's statement
     */
    ConsoleHandler(QueryRegistry queries, ClusterView cluster, QueryGate gate, Supplier<List<PoolConnections.Node>> connections,
                   YarnLinks links, Set<String> admins) {
        this.queries = queries;
        this.cluster = cluster;
        this.gate = gate;
        this.connections = connections;
        this.links = links;
        this.admins = Set.copyOf(admins);
    }

    @Override
    public void handle(String target, Request base, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        base.setHandled(true);
        String method = request.getMethod();
        String path = request.getPathInfo() == null ? target : request.getPathInfo();
        Matcher m;
        boolean api = (m = CANCEL_API.matcher(path)).matches();
        if (api || (m = CANCEL_PAGE.matcher(path)).matches()) {
            if (!method.equals("POST")) {
                send(response, 405, "text/plain; charset=utf-8", "Cancel with POST");
                return;
            }
            cancel(Long.parseLong(m.group(1)), !api, request, response);
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
                send(response, 200, "text/html; charset=utf-8", QueryPages.detail(q.get(), links));
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
                    PrometheusText.render(queries, gate, connections.get(), cluster.snapshot()));
        } else {
            send(response, 404, "text/plain; charset=utf-8", "Nothing at " + path);
        }
    }

    /** A cancel from the API (JSON answers) or from the page's button (back to the page, or a page saying why not). */
    private void cancel(long id, boolean page, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!QueryCancel.sameOrigin(request.getHeader("Origin"), request.getHeader("Host"))) {
            String why = "Cancel refused: the request came from another site's page (" + request.getHeader("Origin") + ")";
            if (page) {
                send(response, 403, "text/html; charset=utf-8", Html.page("Query " + id, "<p class=\"FAILED\">"
                        + Html.escape(why) + "</p>"));
            } else {
                sendJson(response, 403, Map.of("error", why));
            }
            return;
        }
        QueryCancel.Outcome outcome = QueryCancel.cancel(queries, id, request.getRemoteUser(), admins);
        if (!page) {
            sendJson(response, outcome.status(), outcome.asked() ? QueryJson.of(outcome.query()) : Map.of("error", outcome.error()));
        } else if (outcome.asked()) {
            response.setStatus(303);
            response.setHeader("Location", "/queries/" + id);
            response.setContentLength(0);
        } else {
            send(response, outcome.status(), "text/html; charset=utf-8", Html.page("Query " + id, "<p class=\"FAILED\">"
                    + Html.escape(outcome.error()) + "</p>\n<p><a href=\"/queries/" + id + "\">Back to query " + id + "</a></p>"));
        }
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
