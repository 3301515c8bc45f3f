package org.hadoopdb.jdbc.server;

import java.time.Duration;
import java.util.Optional;

/**
 * Checks a login: refused at once while its address or name is throttled (see {@link LoginThrottle}),
 * else its password is checked against the {@link UsersFile} and the outcome counted.
 *
 * <pre>{@code
 * Logins logins = new Logins(new UsersFile(path), new LoginThrottle(limits, System::nanoTime));
 * logins.attempt("10.0.0.7", "alice", password);   // ACCEPTED, REJECTED or THROTTLED
 * }</pre>
 */
public final class Logins {
    /** What became of a login attempt. */
    public enum Verdict {
        ACCEPTED,
        /** A wrong password or an unknown user. */
        REJECTED,
        /** Refused without the password being checked: too many failures from the address or for the name. */
        THROTTLED
    }

    private final UsersFile users;
    private final LoginThrottle throttle;

    public Logins(UsersFile users, LoginThrottle throttle) {
        this.users = users;
        this.throttle = throttle;
    }

    /** How long attempts from {@code address} for {@code user} stay refused; empty when they are checked. */
    public Optional<Duration> refusal(String address, String user) {
        return throttle.refusal(address, user);
    }

    /** Checks {@code user}'s password, logging in from {@code address}, and counts a failure. */
    public Verdict attempt(String address, String user, char[] password) {
        // Checked before the remembered passwords too: otherwise a throttled attacker would learn at
        // no cost whether a guess is a password an active client uses.
        if (throttle.refusal(address, user).isPresent()) {
            return Verdict.THROTTLED;
        }
        if (users.remembered(user, password)) {
            return Verdict.ACCEPTED;
        }
        if (users.derive(user, password)) {
            throttle.succeeded(address, user);
            return Verdict.ACCEPTED;
        }
        throttle.failed(address, user);
        return Verdict.REJECTED;
    }
}
