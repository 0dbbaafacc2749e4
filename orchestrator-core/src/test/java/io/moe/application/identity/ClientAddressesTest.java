package io.moe.application.identity;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClientAddressesTest {

    private static ClientAddresses trusting(String proxies) {
        ClientAddresses addresses = new ClientAddresses();
        addresses.trustedProxies = Optional.ofNullable(proxies);
        return addresses;
    }

    @Test
    void theHeaderOfAnUntrustedPeerIsIgnored() {
        assertEquals("198.51.100.7", trusting(null).of("198.51.100.7", "203.0.113.1"));
        assertEquals("198.51.100.7", trusting("10.0.0.1").of("198.51.100.7", "203.0.113.1"));
    }

    @Test
    void behindTrustedProxiesTheNearestUntrustedHopIsTheClient() {
        ClientAddresses addresses = trusting("10.0.0.1, 10.0.0.2");
        assertEquals("203.0.113.1", addresses.of("10.0.0.1", "203.0.113.1"));
        assertEquals("203.0.113.1", addresses.of("10.0.0.1", "192.0.2.66, 203.0.113.1, 10.0.0.2"),
                "an address the client wrote in front of the real one is not believed");
        assertEquals("10.0.0.1", addresses.of("10.0.0.1", "not-an-address"), "a malformed header counts as none");
        assertEquals("10.0.0.1", addresses.of("10.0.0.1", null));
    }
}
