package io.moe.devservices;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An OTLP/HTTP receiver for the black-box tests, in a process of its own: {@code java -cp devservices.jar
 * io.moe.devservices.OtlpSink <port> <folder>}. Every export the test server sends to {@code POST /v1/traces} is kept
 * as it came (an {@code ExportTraceServiceRequest} in protobuf) in a file of the folder, and answered with an empty
 * success, as a collector would; the tests read the files with the OpenTelemetry protocol classes.
 */
public final class OtlpSink {

    private static final int MAX_EXPORT_BYTES = 16 * 1024 * 1024;

    private OtlpSink() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: OtlpSink <port> <folder>");
            System.exit(2);
        }
        Path folder = Files.createDirectories(Path.of(args[1]));
        AtomicLong exports = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 64);
        server.createContext("/v1/", exchange -> {
            try (exchange; InputStream in = exchange.getRequestBody()) {
                byte[] body = in.readNBytes(MAX_EXPORT_BYTES);
                String signal = exchange.getRequestURI().getPath().substring("/v1/".length()).replaceAll("[^a-z]", "");
                if (!"POST".equals(exchange.getRequestMethod()) || signal.isEmpty()) {
                    exchange.sendResponseHeaders(405, -1);
                    return;
                }
                Path file = folder.resolve(signal + "-" + exports.incrementAndGet() + ".pb");
                Files.write(folder.resolve(file.getFileName() + ".part"), body);
                Files.move(folder.resolve(file.getFileName() + ".part"), file); // readers see whole exports only
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.start();
        System.out.println("receiving OTLP on 127.0.0.1:" + args[0] + " into " + folder);
    }
}
