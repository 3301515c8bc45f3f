package org.hadoopdb.console;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's cancel, for the API ({@code POST /api/queries/{id}/cancel}) and the page's button
 * ({@code POST /queries/{id}/cancel}) alike: only the statement's owner or an admin
 * ({@code hadoopdb.server.ui.admins}) may stop it (anyone when the server runs without authentication), and a
 * browser's request must come from the console's own pages.
 */
final class QueryCancel {
    private static final Logger LOG = LoggerFactory.getLogger(QueryCancel.class);

    /**
     * What became of a cancel: {@code 202} asked (the state becomes CANCELLED once the statement
     * stopped), {@code 403} not the owner's, {@code 404} unknown, {@code 409} ended already.
     *
     * @param error why it was not asked, or null
     * @param query the statement as it is now, or null when unknown
     */
    record Outcome(int status, String error, QueryInfo query) {
        boolean asked() {
            return status == 202;
        }
    }

    private QueryCancel() {
    }

    /** @param admins users who may cancel anyone's statement */
    static Outcome cancel(QueryRegistry queries, long id, String user, Set<String> admins) {
        Optional<QueryRecord> found = queries.find(id);
        if (found.isEmpty()) {
            Optional<QueryInfo> ended = queries.info(id);
            if (ended.isEmpty()) {
                return new Outcome(404, "No query " + id, null);
            }
            if (!Objects.equals(ended.get().user(), user) && !admins.contains(user)) {
                return new Outcome(403, notYours(id, ended.get().user()), ended.get());
            }
            return new Outcome(409, "Query " + id + " is " + ended.get().state() + ": nothing to cancel", ended.get());
        }
        QueryRecord q = found.get();
        boolean own = Objects.equals(q.user(), user);
        if (!own && !admins.contains(user)) {
            return new Outcome(403, notYours(id, q.user()), q.info());
        }
        if (!q.cancel()) {
            return new Outcome(409, "Query " + id + " is " + q.state() + ": nothing to cancel", q.info());
        }
        if (own) {
            LOG.info("{} cancelled query {} from the web console", user, id);
        } else {
            LOG.info("{} cancelled query {} of {} from the web console, as an admin", user, id, q.user());
        }
        return new Outcome(202, null, q.info());
    }

    private static String notYours(long id, String owner) {
        return "Query " + id + " belongs to " + owner + "; only its owner or an admin (" + ConfigKeys.SERVER_UI_ADMINS.name()
                + ") may cancel it";
    }

    /**
     * Whether a request with this {@code Origin} header was sent by a page of the console at {@code
     * host} (the {@code Host} header): browsers send the logged-in user's BASIC credentials with a form
     * posted from any site, so a cancel from another site's page is refused. Clients that send no
     * Origin (curl, monitoring scripts) are not browsers posting on someone's behalf.
     */
    static boolean sameOrigin(String origin, String host) {
        if (origin == null) {
            return true;
        }
        try {
            String authority = URI.create(origin).getAuthority();
            return authority != null && authority.equalsIgnoreCase(host);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
