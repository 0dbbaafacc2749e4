package io.moe.infrastructure.kafka;

import io.moe.application.overview.StoreProbe;
import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Whether a Kafka broker of {@code moe.kafka.bootstrap-servers} answers: one ApiVersions request (the first thing every
 * Kafka client sends, answered by every broker version, with an error body when it does not speak the version) on a
 * connection of its own, with 2 s to connect and 2 s for the answer. A TCP connection alone is no answer: the kernel
 * accepts connections for a broker that is stopped or hung. Not a metadata request through the producer: its own
 * wait is ten seconds, too long for a page, and events a broker refuses are kept in the outbox anyway (spec rule 11).
 */
@ApplicationScoped
public class KafkaStoreProbe implements StoreProbe {

    static final int TIMEOUT_MS = 2000;
    private static final short API_VERSIONS = 18;
    private static final int CORRELATION_ID = 0x6d6f6521;
    private static final byte[] CLIENT_ID = "moe-health".getBytes(StandardCharsets.US_ASCII);

    @Inject
    @ConfigProperty(name = "moe.kafka.bootstrap-servers", defaultValue = "127.0.0.1:19092")
    String bootstrapServers;

    @Override
    public String store() {
        return "Kafka";
    }

    @Override
    public StoreState check() {
        return StoreState.measure(store(), this::askAnyBroker);
    }

    private void askAnyBroker() {
        IOException last = null;
        for (String server : bootstrapServers.split(",")) {
            String address = server.trim();
            int colon = address.lastIndexOf(':');
            if (colon < 0) {
                continue;
            }
            try {
                ask(new InetSocketAddress(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))));
                return;
            } catch (IOException e) {
                last = e;
            } catch (NumberFormatException e) {
                last = new IOException("not a host:port address: " + address);
            }
        }
        throw new UncheckedIOException(last == null ? new IOException("no broker address configured") : last);
    }

    /** Sends ApiVersions (version 0) to {@code broker} and reads the head of its answer: its size and correlation id. */
    static void ask(InetSocketAddress broker) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(broker, TIMEOUT_MS);
            socket.setSoTimeout(TIMEOUT_MS);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            out.writeInt(2 + 2 + 4 + 2 + CLIENT_ID.length); // request size: api key, version, correlation id, client id
            out.writeShort(API_VERSIONS);
            out.writeShort(0);
            out.writeInt(CORRELATION_ID);
            out.writeShort(CLIENT_ID.length);
            out.write(CLIENT_ID);
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            int size;
            int correlation;
            try {
                size = in.readInt();
                correlation = in.readInt();
            } catch (SocketTimeoutException e) {
                throw new SocketTimeoutException("the broker accepted a connection but sent no answer within " + TIMEOUT_MS + " ms");
            }
            if (size < 4 || correlation != CORRELATION_ID) {
                throw new IOException("the answer on " + broker + " is not a Kafka broker's");
            }
        }
    }
}
