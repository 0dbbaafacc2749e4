package io.moe.application.identity;

import io.moe.application.tracing.ThrottledWarning;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Slows password guessing on the sign-in form, and is asked before the (deliberately costly) password
 * hash is computed. Two counters, each taken with one atomic increment and then compared, so parallel
 * attempts cannot slip past together:
 * <ul>
 *   <li>per client address: at most {@code moe.security.sign-in.per-address-per-minute} attempts a minute,
 *   whatever the usernames (protects the CPU from one source);</li>
 *   <li>per username and client address: after {@code moe.security.sign-in.max-failures} attempts without a
 *   success, that pair is refused until {@code moe.security.sign-in.lock-minutes} since its first attempt are
 *   over. Other addresses are not locked out, so an attacker cannot lock the real admin out; behind a
 *   proxy, configure it as trusted ({@link ClientAddresses}) or every client shares one address.</li>
 * </ul>
 * Counters live in {@link SignInCounters} (Redis, shared by all servers); if they are unreachable, sign-in still works,
 * unthrottled, and the gap is logged.
 */
@ApplicationScoped
public class SignInThrottle {

    private static final Logger LOG = Logger.getLogger(SignInThrottle.class.getName());
    /** Repeated by every sign-in while Redis is down: logged once per interval. */
    private static final ThrottledWarning UNREACHABLE = new ThrottledWarning(LOG);
    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Inject
    SignInCounters counters;

    @Inject
    @ConfigProperty(name = "moe.security.sign-in.max-failures")
    int maxFailures;

    @Inject
    @ConfigProperty(name = "moe.security.sign-in.lock-minutes")
    int lockMinutes;

    @Inject
    @ConfigProperty(name = "moe.security.sign-in.per-address-per-minute")
    int perAddressPerMinute;

    /**
     * Counts this attempt; empty when its password may be checked now, else the reason (for the person
     * signing in) why it is refused without checking the password.
     */
    public Optional<String> refusal(String username, String address) {
        return refusal(username, address, "failed sign-ins for this username");
    }

    /** As {@link #refusal(String, String)}, the refusal naming the attempts as {@code counted} ("wrong passwords for this account"). */
    public Optional<String> refusal(String username, String address, String counted) {
        try {
            if (counters.countFromAddress(address, MINUTE) > perAddressPerMinute) {
                return Optional.of("Too many attempts from your address: try again in a minute.");
            }
            String user = normalised(username);
            if (counters.countOfUser(user, address, Duration.ofMinutes(lockMinutes)) <= maxFailures) {
                return Optional.empty();
            }
            long seconds = counters.remaining(user, address).map(Duration::toSeconds).orElse(lockMinutes * 60L);
            long minutes = Math.max(1, (seconds + 59) / 60);
            return Optional.of("Too many " + counted + " from your address: try again in " + minutes
                    + " minute" + (minutes == 1 ? "" : "s") + ".");
        } catch (RuntimeException e) {
            UNREACHABLE.warn(() -> "Sign-in throttling is off while Redis is unreachable: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** A successful sign-in forgets the attempts of that username from that address. */
    public void succeeded(String username, String address) {
        try {
            counters.reset(normalised(username), address);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Failed sign-ins could not be reset", e);
        }
    }

    /** Usernames are told apart without regard to case, by their first 254 characters (no name or address is longer): a key of Redis stays small. */
    private static String normalised(String username) {
        String name = String.valueOf(username);
        return (name.length() > 254 ? name.substring(0, 254) : name).toLowerCase(Locale.ROOT);
    }
}
