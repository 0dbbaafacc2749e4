package io.moe.application.identity;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The address a request really comes from, for throttling. {@code X-Forwarded-For} is believed only when
 * the direct peer is one of the trusted proxies ({@code moe.security.trusted-proxies}, none by default):
 * then the nearest address in the header that is not itself a trusted proxy is the client. Anyone else's
 * header is ignored, so a client cannot pick the address it is counted under.
 */
@ApplicationScoped
public class ClientAddresses {

    private static final Pattern ADDRESS = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    @Inject
    @ConfigProperty(name = "moe.security.trusted-proxies")
    Optional<String> trustedProxies;

    private volatile Set<String> trusted;

    /** The client's address, from the direct peer {@code remoteAddress} and the header value (may be null). */
    public String of(String remoteAddress, String forwardedFor) {
        if (forwardedFor == null || forwardedFor.isBlank() || !trusted().contains(remoteAddress)) {
            return remoteAddress;
        }
        List<String> hops = Arrays.stream(forwardedFor.split(",")).map(String::strip).toList();
        for (int i = hops.size() - 1; i >= 0; i--) {
            String hop = hops.get(i);
            if (!ADDRESS.matcher(hop).matches()) {
                return remoteAddress; // a malformed header is not believed at all
            }
            if (!trusted().contains(hop)) {
                return hop;
            }
        }
        return hops.get(0);
    }

    private Set<String> trusted() {
        Set<String> current = trusted;
        if (current == null) {
            current = trustedProxies.map(list -> Arrays.stream(list.split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet())).orElse(Set.of());
            trusted = current;
        }
        return current;
    }
}
