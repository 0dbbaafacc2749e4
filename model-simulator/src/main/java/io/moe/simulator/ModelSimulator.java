package io.moe.simulator;

import java.util.List;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

/**
 * Stands in for the language models and the search engine, on one loopback port. Start it in a test
 * with {@link #start(int)} or as a process with {@code java -jar model-simulator.jar --port 11434}.
 */
public final class ModelSimulator implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads;
    private final CountDownLatch closed;

    private ModelSimulator(HttpServer server, ExecutorService threads, CountDownLatch closed) {
        this.server = server;
        this.threads = threads;
        this.closed = closed;
    }

    /** Starts the simulator on {@code port} of 127.0.0.1 (0 picks a free port). */
    public static ModelSimulator start(int port) {
        return start(port, ModelsHandler.DEFAULT_MODELS);
    }

    /** Starts a simulator that lists {@code models} (as a second inference server with models of its own would). */
    public static ModelSimulator start(int port, List<String> models) {
        // The JDK server writes the headers and the body separately; without TCP_NODELAY the body waits
        // for the client's delayed ACK on a kept-alive connection (about 40 ms per answer). Read once,
        // when the first server of this JVM is created.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
            Rules rules = new Rules();
            CallLog calls = new CallLog();
            CountDownLatch closed = new CountDownLatch(1);
            server.createContext("/v1/chat/completions", new ChatCompletionsHandler(rules, calls, closed));
            server.createContext("/v1/models", new ModelsHandler(models));
            server.createContext("/api/tags", new ModelsHandler(models));
            server.createContext("/search", new SearchHandler(rules, calls));
            server.createContext("/_sim/", new ControlHandler(rules, calls));
            server.createContext("/", exchange -> Exchanges.error(exchange, 404, "not_found",
                    "no such route on the model simulator: " + exchange.getRequestURI().getPath()));
            // Held connections (stall, no_response) each keep a thread, so the pool grows on demand.
            ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
                Thread t = new Thread(runnable, "model-simulator");
                t.setDaemon(true);
                return t;
            });
            server.setExecutor(threads);
            server.start();
            return new ModelSimulator(server, threads, closed);
        } catch (IOException e) {
            throw new UncheckedIOException("the model simulator could not listen on port " + port + ": " + e.getMessage(), e);
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    @Override
    public void close() {
        closed.countDown(); // releases held connections (no_response, stall) and pending latencies
        server.stop(0);
        threads.shutdownNow();
    }

    public static void main(String[] args) {
        int port = 11434;
        List<String> models = ModelsHandler.DEFAULT_MODELS;
        for (int i = 0; i < args.length; i++) {
            if ("--port".equals(args[i]) && i + 1 < args.length) {
                port = Integer.parseInt(args[++i]);
            } else if ("--models".equals(args[i]) && i + 1 < args.length) {
                models = List.of(args[++i].split(","));
            } else {
                System.err.println("usage: java -jar model-simulator.jar [--port N] [--models a:7b,b:14b]"
                        + "   (default port 11434, 0 = any free port)");
                System.exit(2);
            }
        }
        ModelSimulator simulator = start(port, models);
        Runtime.getRuntime().addShutdownHook(new Thread(simulator::close, "model-simulator-stop"));
        System.out.println("model-simulator listening on " + simulator.baseUrl());
    }
}
