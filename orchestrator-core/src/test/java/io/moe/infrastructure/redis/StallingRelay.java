package io.moe.infrastructure.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay in the test's process that can stall: while stalled it keeps every connection open and passes no byte
 * either way (what a client sees of a server whose host vanished, or of a NAT that forgot the connection), and passes
 * what it held once it flows again.
 */
final class StallingRelay implements AutoCloseable {

    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private volatile boolean stalled;

    StallingRelay(String host, int port) throws IOException {
        server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread accepting = new Thread(() -> accept(host, port), "stalling-relay");
        accepting.setDaemon(true);
        accepting.start();
    }

    /** The relay in front of the Redis of {@code url}, and the URL that goes through it. */
    static StallingRelay before(String url) throws IOException {
        URI redis = URI.create(url);
        return new StallingRelay(redis.getHost(), redis.getPort());
    }

    String urlFor(String url) {
        URI redis = URI.create(url);
        return url.replace(redis.getHost() + ":" + redis.getPort(), "127.0.0.1:" + server.getLocalPort());
    }

    void stall() {
        stalled = true;
    }

    void flow() {
        synchronized (gate) {
            stalled = false;
            gate.notifyAll();
        }
    }

    private void accept(String host, int port) {
        try {
            while (!server.isClosed()) {
                Socket client = server.accept();
                Socket upstream = new Socket(host, port);
                sockets.add(client);
                sockets.add(upstream);
                copy(client, upstream);
                copy(upstream, client);
            }
        } catch (IOException closed) {
            // the relay was closed
        }
    }

    private void copy(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    synchronized (gate) {
                        while (stalled) {
                            gate.wait();
                        }
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException ended) {
                // one side went away, or the relay was closed
            }
        }, "stalling-relay-copy");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() throws IOException {
        flow();
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
