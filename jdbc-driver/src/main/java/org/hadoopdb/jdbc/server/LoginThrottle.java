package org.hadoopdb.jdbc.server;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts failed logins per client address and per user name. Once either reaches its limit within
 * the window (which starts at the first failure), attempts from that address or for that name are
 * refused until the window ends, without their password being checked: a password guess costs the
 * server a key derivation, and an attacker must not be able to make it run them at will. A login
 * that checks out clears the counts of its address and its name.
 *
 * <p>Unknown names are counted exactly like known ones, so the throttle itself tells nothing about
 * which names exist. Only failures create entries, and each failure ran a key derivation, so the
 * entries a window can hold are bounded by the server's CPU; expired ones are dropped as others come.
 * Attempts already being checked when a limit is reached still finish, so a concurrent burst may
 * exceed a limit by up to the number of request threads.
 */
public final class LoginThrottle {
    private static final Logger LOG = LoggerFactory.getLogger(LoginThrottle.class);
    /** Above this many entries a failure first drops the expired ones. */
    private static final int PRUNE_ABOVE = 1024;
    /** User names are at most 64 characters; longer ones (all invalid) share an entry per prefix. */
    private static final int MAX_NAME_KEY = 65;

    private final LoginLimits limits;
    private final long windowNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Window> byAddress = new HashMap<>();
    private final Map<String, Window> byUser = new HashMap<>();

    /**
     * @param nanoTime the clock, {@code System::nanoTime} (tests pass one they move)
     */
    public LoginThrottle(LoginLimits limits, LongSupplier nanoTime) {
        this.limits = limits;
        this.windowNanos = limits.window().toNanos();
        this.nanoTime = nanoTime;
    }

    /** How long until attempts from {@code address} for {@code user} are checked again; empty when they are now. */
    synchronized Optional<Duration> refusal(String address, String user) {
        long now = nanoTime.getAsLong();
        long wait = Math.max(remaining(byAddress.get(address), limits.maxFailuresPerAddress(), now),
                remaining(byUser.get(userKey(user)), limits.maxFailuresPerUser(), now));
        return wait > 0 ? Optional.of(Duration.ofNanos(wait)) : Optional.empty();
    }

    /** Counts a wrong password (or unknown name) from {@code address} for {@code user}. */
    synchronized void failed(String address, String user) {
        long now = nanoTime.getAsLong();
        if (count(byAddress, address, limits.maxFailuresPerAddress(), now)) {
            LOG.warn("{} failed logins from {}: refusing its logins for up to {}", limits.maxFailuresPerAddress(),
                    address, limits.window());
        }
        if (count(byUser, userKey(user), limits.maxFailuresPerUser(), now)) {
            LOG.warn("{} failed logins for user '{}': refusing logins for it for up to {}", limits.maxFailuresPerUser(),
                    printable(user), limits.window());
        }
    }

    /** Clears the counts of {@code address} and {@code user} after a login that checked out. */
    synchronized void succeeded(String address, String user) {
        byAddress.remove(address);
        byUser.remove(userKey(user));
    }

    private long remaining(Window w, int max, long now) {
        if (max == 0 || w == null || w.failures < max) {
            return 0;
        }
        return Math.max(0, w.start + windowNanos - now);
    }

    /** Counts one failure; true when it is the one that reaches the limit. */
    private boolean count(Map<String, Window> counts, String key, int max, long now) {
        if (max == 0) {
            return false;
        }
        Window w = counts.get(key);
        if (w == null || expired(w, now)) {
            if (counts.size() >= PRUNE_ABOVE) {
                counts.values().removeIf(old -> expired(old, now));
            }
            w = new Window(now);
            counts.put(key, w);
        }
        w.failures++;
        return w.failures == max;
    }

    private boolean expired(Window w, long now) {
        return now - w.start >= windowNanos;
    }

    private static String userKey(String user) {
        return user.length() > MAX_NAME_KEY ? user.substring(0, MAX_NAME_KEY) : user;
    }

    /** The name as it may go into a log line: no control characters, not too long. */
    private static String printable(String user) {
        return userKey(user).replaceAll("\\p{Cntrl}", "?");
    }

    /** Failures counted since {@code start}. */
    private static final class Window {
        final long start;
        int failures;

        Window(long start) {
            this.start = start;
        }
    }
}
