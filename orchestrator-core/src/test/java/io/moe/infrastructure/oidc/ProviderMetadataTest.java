package io.moe.infrastructure.oidc;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A provider whose discovery document cannot be read is not asked again by every token check that follows. */
class ProviderMetadataTest {

    private final AtomicInteger reads = new AtomicInteger();
    private HttpServer provider;

    @AfterEach
    void stop() {
        provider.stop(0);
    }

    @Test
    void aFailedDiscoveryIsAnsweredFromMemoryForAWhile() throws IOException {
        provider = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        provider.createContext("/.well-known/openid-configuration", exchange -> {
            reads.incrementAndGet();
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        provider.start();
        ProviderMetadata metadata = new ProviderMetadata();
        metadata.settings = new OidcSettings();
        metadata.settings.issuer = Optional.of("http://127.0.0.1:" + provider.getAddress().getPort());

        ProviderUnavailableException first = assertThrows(ProviderUnavailableException.class, metadata::endpoints);
        ProviderUnavailableException second = assertThrows(ProviderUnavailableException.class, metadata::endpoints);

        assertEquals(1, reads.get(), "the provider was asked once");
        assertTrue(first.getMessage().contains("503"), first.getMessage());
        assertTrue(second.getMessage().contains("503") && second.getMessage().contains("asked again"), second.getMessage());
    }
}
