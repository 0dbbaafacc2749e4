package io.moe.infrastructure.kafka;

import io.moe.application.overview.StoreProbe;
import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Whether a Kafka broker of {@code moe.kafka.bootstrap-servers} accepts a connection. A TCP connection,
 * not a metadata request: the producer's own metadata wait is ten seconds, too long for a page, and events
 * that a broker refuses are kept in the outbox anyway (spec rule 11).
 */
@ApplicationScoped
public class KafkaStoreProbe implements StoreProbe {

    private static final int CONNECT_TIMEOUT_MS = 2000;

    @Inject
    @ConfigProperty(name = "moe.kafka.bootstrap-servers", defaultValue = "127.0.0.1:19092")
    String bootstrapServers;

    @Override
    public String store() {
        return "Kafka";
    }

    @Override
    public StoreState check() {
        return StoreState.measure(store(), this::connectToAnyBroker);
    }

    private void connectToAnyBroker() {
        IOException last = null;
        for (String server : bootstrapServers.split(",")) {
            String address = server.trim();
            int colon = address.lastIndexOf(':');
            if (colon < 0) {
                continue;
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))),
                        CONNECT_TIMEOUT_MS);
                return;
            } catch (IOException e) {
                last = e;
            } catch (NumberFormatException e) {
                last = new IOException("not a host:port address: " + address);
            }
        }
        throw new UncheckedIOException(last == null ? new IOException("no broker address configured") : last);
    }
}
