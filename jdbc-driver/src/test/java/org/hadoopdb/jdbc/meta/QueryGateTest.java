package org.hadoopdb.jdbc.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.hadoopdb.jdbc.JdbcException;
import org.junit.jupiter.api.Test;

class QueryGateTest {

    @Test
    void atMostTheLimitRunsAndTheQueueIsBounded() throws Exception {
        QueryGate gate = new QueryGate(2, 1, Duration.ofSeconds(30));
        QueryGate.Permit a = gate.enter(() -> false);
        QueryGate.Permit b = gate.enter(() -> false);
        assertThat(gate.running()).isEqualTo(2);
        CompletableFuture<QueryGate.Permit> third = CompletableFuture.supplyAsync(() -> gate.enter(() -> false));
        while (gate.queued() == 0) {
            Thread.sleep(5);
        }
        // the queue holds one: the next is refused at once
        assertThatThrownBy(() -> gate.enter(() -> false)).isInstanceOfSatisfying(JdbcException.class,
                e -> assertThat(e.sqlState()).isEqualTo(JdbcException.BUSY));
        assertThat(third).isNotDone();
        a.close();
        QueryGate.Permit c = third.get(5, TimeUnit.SECONDS);
        assertThat(gate.running()).isEqualTo(2);
        assertThat(gate.queued()).isZero();
        b.close();
        c.close();
        c.close(); // closing twice releases once
        assertThat(gate.running()).isZero();
    }

    @Test
    void aQueuedStatementLeavesWhenCancelledOrTooLate() throws Exception {
        QueryGate gate = new QueryGate(1, 5, Duration.ofMillis(300));
        try (QueryGate.Permit held = gate.enter(() -> false)) {
            assertThatThrownBy(() -> gate.enter(() -> false)).isInstanceOfSatisfying(JdbcException.class,
                    e -> assertThat(e.sqlState()).isEqualTo(JdbcException.TIMEOUT));
            AtomicBoolean cancelled = new AtomicBoolean();
            CompletableFuture<Object> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return gate.enter(cancelled::get);
                } catch (JdbcException e) {
                    return e;
                }
            });
            Thread.sleep(50);
            cancelled.set(true);
            assertThat(waiting.get(5, TimeUnit.SECONDS)).isInstanceOfSatisfying(JdbcException.class,
                    e -> assertThat(e.sqlState()).isEqualTo(JdbcException.CANCELLED));
            assertThat(gate.queued()).isZero();
        }
    }

    /**
     * First come, first served: waiters get the slot in the order they queued, and a statement that
     * arrives just as a slot is freed queues behind them instead of taking it.
     */
    @Test
    void slotsGoToWaitersInArrivalOrderAndNewcomersQueueBehindThem() throws Exception {
        QueryGate gate = new QueryGate(1, 10, Duration.ofSeconds(60));
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        QueryGate.Permit held = gate.enter(() -> false);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        List<CompletableFuture<Void>> waiters = new ArrayList<>();
        for (String name : List.of("a", "b", "c", "d")) {
            waiters.add(CompletableFuture.runAsync(() -> {
                try (QueryGate.Permit p = gate.enter(() -> false)) {
                    order.add(name);
                }
            }, threads));
            int expected = waiters.size();
            while (gate.queued() < expected) {
                Thread.onSpinWait(); // the next waiter starts only once this one is in the queue
            }
        }
        held.close();
        // arrives while a, b, c and d still wait (at most one of them has the slot): it must come last
        try (QueryGate.Permit newcomer = gate.enter(() -> false)) {
            order.add("newcomer");
        }
        for (CompletableFuture<Void> w : waiters) {
            w.get(10, TimeUnit.SECONDS);
        }
        threads.shutdown();
        assertThat(order).containsExactly("a", "b", "c", "d", "newcomer");
        assertThat(gate.running()).isZero();
        assertThat(gate.queued()).isZero();
    }

    /** Every statement that asked for a slot has its wait kept: admitted at once, after waiting, or giving up. */
    @Test
    void theWaitOfEveryStatementIsKeptUntilItsSlotOrUntilItGivesUp() throws Exception {
        QueryGate gate = new QueryGate(1, 5, Duration.ofSeconds(60));
        QueryGate.Permit held = gate.enter(() -> false);
        assertThat(gate.waits().count()).isEqualTo(1);
        CompletableFuture<QueryGate.Permit> second = CompletableFuture.supplyAsync(() -> gate.enter(() -> false));
        while (gate.queued() == 0) {
            Thread.sleep(5);
        }
        long seenQueued = System.nanoTime();
        Thread.sleep(30);
        assertThat(gate.waits().count()).as("a statement still waiting is not counted yet").isEqualTo(1);
        long released = System.nanoTime();
        held.close();
        QueryGate.Permit secondPermit = second.get(5, TimeUnit.SECONDS);
        assertThat(gate.waits().count()).isEqualTo(2);
        // it waited at least from when it was seen in the queue until the slot was freed
        assertThat(gate.waits().sumSeconds()).isGreaterThanOrEqualTo((released - seenQueued) / 1e9);

        AtomicBoolean cancelled = new AtomicBoolean();
        CompletableFuture<Object> third = CompletableFuture.supplyAsync(() -> {
            try {
                return gate.enter(cancelled::get);
            } catch (JdbcException e) {
                return e;
            }
        });
        while (gate.queued() == 0) {
            Thread.sleep(5);
        }
        cancelled.set(true);
        assertThat(third.get(5, TimeUnit.SECONDS)).isInstanceOf(JdbcException.class);
        secondPermit.close();
        assertThat(gate.waits().count()).isEqualTo(3);
        long[] buckets = gate.waits().cumulativeBuckets();
        assertThat(buckets[buckets.length - 1]).isEqualTo(3);
    }
}
