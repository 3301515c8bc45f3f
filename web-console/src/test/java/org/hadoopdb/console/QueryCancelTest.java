package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.queries.QueryState;
import org.junit.jupiter.api.Test;

class QueryCancelTest {
    @Test
    void onlyTheOwnerCancelsAndOnlyWhileItRuns() {
        QueryRegistry registry = new QueryRegistry(10);
        QueryRecord q = registry.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 1");
        q.cancelWith(() -> q.cancelled("Query cancelled", "HY008"));
        assertThat(QueryCancel.cancel(registry, q.id(), "bob", Set.of()).status()).isEqualTo(403);
        assertThat(QueryCancel.cancel(registry, 99, "alice", Set.of()).status()).isEqualTo(404);
        QueryCancel.Outcome asked = QueryCancel.cancel(registry, q.id(), "alice", Set.of());
        assertThat(asked.asked()).isTrue();
        assertThat(q.state()).isEqualTo(QueryState.CANCELLED);
        assertThat(QueryCancel.cancel(registry, q.id(), "alice", Set.of()).status()).isEqualTo(409);
    }

    @Test
    void anAdminCancelsAnyonesStatement() {
        QueryRegistry registry = new QueryRegistry(10);
        QueryRecord q = registry.start("alice", QueryRegistry.JDBC, null, "query", "SELECT 1");
        q.cancelWith(() -> q.cancelled("Query cancelled", "HY008"));
        QueryCancel.Outcome refused = QueryCancel.cancel(registry, q.id(), "bob", Set.of("carol"));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.error()).isEqualTo("Query " + q.id() + " belongs to alice; only its owner or an admin "
                + "(hadoopdb.server.ui.admins) may cancel it");
        assertThat(QueryCancel.cancel(registry, q.id(), "carol", Set.of("carol")).asked()).isTrue();
        assertThat(q.state()).isEqualTo(QueryState.CANCELLED);
    }

    @Test
    void theAdminListIsCommaSeparatedNames() {
        assertThat(ConsoleSettings.users(" carol, dave ,,")).containsExactlyInAnyOrder("carol", "dave");
        assertThat(ConsoleSettings.users(null)).isEmpty();
        assertThat(ConsoleSettings.users("")).isEmpty();
    }

    @Test
    void aBrowsersCancelMustComeFromTheConsolesOwnPages() {
        assertThat(QueryCancel.sameOrigin(null, "127.0.0.1:8766")).as("not a browser").isTrue();
        assertThat(QueryCancel.sameOrigin("http://127.0.0.1:8766", "127.0.0.1:8766")).isTrue();
        assertThat(QueryCancel.sameOrigin("https://console.example", "console.example")).isTrue();
        assertThat(QueryCancel.sameOrigin("https://evil.example", "127.0.0.1:8766")).isFalse();
        assertThat(QueryCancel.sameOrigin("http://127.0.0.1:9999", "127.0.0.1:8766")).isFalse();
        assertThat(QueryCancel.sameOrigin("null", "127.0.0.1:8766")).as("a sandboxed page").isFalse();
    }
}
