package org.hadoopdb.jdbc.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.hadoopdb.jdbc.server.Logins.Verdict;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Throttled logins, on a clock the test moves, with the real key derivation counted. */
class LoginsTest {
    private static final Duration WINDOW = Duration.ofMinutes(1);

    @TempDir
    Path dir;

    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private final AtomicInteger derivations = new AtomicInteger();
    private UsersFile users;

    @BeforeEach
    void users() {
        Path file = dir.resolve("users");
        UsersFile writer = new UsersFile(file);
        writer.put("alice", "alice-pw".toCharArray());
        writer.put("bob", "bob-pw".toCharArray());
        users = new UsersFile(file, (password, salt, iterations) -> {
            derivations.incrementAndGet();
            return UsersFile.PBKDF2.derive(password, salt, iterations);
        });
    }

    private Logins logins(int perAddress, int perUser) {
        return new Logins(users, new LoginThrottle(new LoginLimits(perAddress, perUser, WINDOW), clock::get));
    }

    private static char[] pw(String s) {
        return s.toCharArray();
    }

    @Test
    void afterTooManyFailuresForANameItsLoginsAreRefusedWithoutADerivationUntilTheWindowEnds() {
        Logins logins = logins(0, 3);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("guess1"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.attempt("10.0.0.2", "alice", pw("guess2"))).isEqualTo(Verdict.REJECTED);
        clock.addAndGet(WINDOW.toNanos() / 2);
        assertThat(logins.attempt("10.0.0.3", "alice", pw("guess3"))).isEqualTo(Verdict.REJECTED);
        assertThat(derivations).hasValue(3);

        // refused from any address, even with the right password, and without checking it
        assertThat(logins.attempt("10.0.0.4", "alice", pw("guess4"))).isEqualTo(Verdict.THROTTLED);
        assertThat(logins.attempt("10.0.0.4", "alice", pw("alice-pw"))).isEqualTo(Verdict.THROTTLED);
        assertThat(derivations).hasValue(3);
        assertThat(logins.refusal("10.0.0.4", "alice")).contains(WINDOW.dividedBy(2));
        // another name is not blocked
        assertThat(logins.attempt("10.0.0.4", "bob", pw("bob-pw"))).isEqualTo(Verdict.ACCEPTED);
        assertThat(derivations).hasValue(4);

        // the window counts from the first failure
        clock.addAndGet(WINDOW.toNanos() / 2);
        assertThat(logins.refusal("10.0.0.4", "alice")).isEmpty();
        assertThat(logins.attempt("10.0.0.4", "alice", pw("alice-pw"))).isEqualTo(Verdict.ACCEPTED);
        assertThat(derivations).hasValue(5);
    }

    @Test
    void aLoginThatChecksOutClearsTheCountsOfItsAddressAndName() {
        Logins logins = logins(3, 3);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("typo1"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("typo2"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("alice-pw"))).isEqualTo(Verdict.ACCEPTED);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("typo3"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("typo4"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.refusal("10.0.0.1", "alice")).isEmpty();
        assertThat(logins.attempt("10.0.0.1", "alice", pw("typo5"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.refusal("10.0.0.1", "alice")).isPresent();
        assertThat(derivations).hasValue(6);
    }

    @Test
    void afterTooManyFailuresFromAnAddressItIsRefusedForEveryNameButOtherAddressesAreNot() {
        Logins logins = logins(3, 0);
        // unknown names cost a derivation and count like known ones
        assertThat(logins.attempt("10.0.0.1", "mallory", pw("x"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.attempt("10.0.0.1", "root", pw("x"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("x"))).isEqualTo(Verdict.REJECTED);
        assertThat(derivations).hasValue(3);

        assertThat(logins.attempt("10.0.0.1", "bob", pw("bob-pw"))).isEqualTo(Verdict.THROTTLED);
        assertThat(logins.attempt("10.0.0.1", "nobody", pw("x"))).isEqualTo(Verdict.THROTTLED);
        assertThat(derivations).hasValue(3);
        assertThat(logins.attempt("10.0.0.2", "alice", pw("alice-pw"))).isEqualTo(Verdict.ACCEPTED);
        assertThat(logins.attempt("10.0.0.2", "bob", pw("bob-pw"))).isEqualTo(Verdict.ACCEPTED);
        assertThat(derivations).hasValue(5);

        clock.addAndGet(WINDOW.toNanos());
        assertThat(logins.attempt("10.0.0.1", "bob", pw("bob-pw"))).isEqualTo(Verdict.ACCEPTED);
    }

    @Test
    void aRememberedPasswordIsRefusedTooWhileItsNameIsThrottled() {
        Logins logins = logins(0, 2);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("alice-pw"))).isEqualTo(Verdict.ACCEPTED);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("alice-pw"))).isEqualTo(Verdict.ACCEPTED);
        assertThat(derivations).hasValue(1);
        assertThat(logins.attempt("10.6.6.6", "alice", pw("guess1"))).isEqualTo(Verdict.REJECTED);
        assertThat(logins.attempt("10.6.6.6", "alice", pw("guess2"))).isEqualTo(Verdict.REJECTED);
        // else a guess that matched what a connected client sends would be told apart at no cost
        assertThat(logins.attempt("10.6.6.6", "alice", pw("alice-pw"))).isEqualTo(Verdict.THROTTLED);
        assertThat(logins.attempt("10.0.0.1", "alice", pw("alice-pw"))).isEqualTo(Verdict.THROTTLED);
        assertThat(derivations).hasValue(3);
    }
}
