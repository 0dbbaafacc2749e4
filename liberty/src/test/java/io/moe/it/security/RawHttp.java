package io.moe.it.security;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * HTTP/1.1 over a plain socket, for what ordinary clients refuse to send: request targets exactly as
 * written ({@code /api/../users.xhtml}, {@code %2e%2e}, {@code ;jsessionid=}, {@code //}) and connections
 * from a chosen local address (127.0.0.2 is a different client than 127.0.0.1).
 */
final class RawHttp {

    /** One response: status, headers by lower-case name, and the body (de-chunked). */
    record Reply(int status, Map<String, List<String>> headers, String body) {

        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT))).map(values -> values.get(0));
        }

        /** A redirect to the admin sign-in page. */
        boolean redirectsToSignIn() {
            return status / 100 == 3 && header("Location").orElse("").endsWith("/login.xhtml");
        }

        @Override
        public String toString() {
            return status + " " + headers + "\n" + (body.length() > 600 ? body.substring(0, 600) + "…" : body);
        }
    }

    private RawHttp() {
    }

    /** Sends {@code method target} to the server of {@code base} (an http URL), from {@code localAddress} if given. */
    static Reply send(String base, String localAddress, String method, String target, String body, String... headers) {
        URI uri = URI.create(base);
        try (Socket socket = new Socket()) {
            if (localAddress != null) {
                socket.bind(new InetSocketAddress(localAddress, 0));
            }
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5000);
            socket.setSoTimeout(60_000);
            StringBuilder request = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                    .append("Host: ").append(uri.getHost()).append(':').append(uri.getPort()).append("\r\n")
                    .append("Connection: close\r\n");
            for (int i = 0; i + 1 < headers.length; i += 2) {
                request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
            }
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (body != null) {
                request.append("Content-Length: ").append(content.length).append("\r\n");
            }
            request.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(content);
            out.flush();
            return parse(socket.getInputStream().readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + target + " failed", e);
        }
    }

    private static Reply parse(byte[] raw) throws IOException {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IOException("no complete response: " + text);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).trim());
        }
        byte[] rest = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
        boolean chunked = headers.getOrDefault("transfer-encoding", List.of()).stream().anyMatch(v -> v.equalsIgnoreCase("chunked"));
        return new Reply(status, headers, new String(chunked ? dechunk(rest) : rest, StandardCharsets.UTF_8));
    }

    private static byte[] dechunk(byte[] chunked) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream in = new java.io.ByteArrayInputStream(chunked);
        while (true) {
            StringBuilder size = new StringBuilder();
            int c;
            while ((c = in.read()) != -1 && c != '\n') {
                if (c != '\r') {
                    size.append((char) c);
                }
            }
            String hex = size.toString().split(";")[0].trim();
            if (c == -1 || hex.isEmpty()) {
                return out.toByteArray();
            }
            int n = Integer.parseInt(hex, 16);
            if (n == 0) {
                return out.toByteArray();
            }
            out.write(in.readNBytes(n));
            in.read();
            in.read();
        }
    }
}
