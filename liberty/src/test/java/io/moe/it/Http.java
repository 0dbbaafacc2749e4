package io.moe.it;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small JSON-over-HTTP client for the black-box tests. */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {
    }

    public static HttpResponse<String> get(String url, String... headers) {
        return send(request(url, headers).GET().build());
    }

    public static HttpResponse<String> post(String url, String body, String... headers) {
        return send(request(url, headers).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    public static HttpResponse<byte[]> getBytes(String url) {
        try {
            return CLIENT.send(request(url).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("request to " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static HttpResponse<String> put(String url, String body, String... headers) {
        return send(request(url, headers).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    /** An OPTIONS request, as a browser's CORS preflight sends it. */
    public static HttpResponse<String> options(String url, String... headers) {
        return send(request(url, headers).method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
    }

    public static HttpResponse<String> delete(String url, String... headers) {
        return send(request(url, headers).DELETE().build());
    }

    public static JsonObject object(HttpResponse<String> response) {
        return Json.createReader(new StringReader(response.body())).readObject();
    }

    public static JsonArray array(HttpResponse<String> response) {
        return Json.createReader(new StringReader(response.body())).readArray();
    }

    public static JsonStructure json(String text) {
        return Json.createReader(new StringReader(text)).read();
    }

    public static String bearer(String key) {
        return "Bearer " + key;
    }

    private static HttpRequest.Builder request(String url, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder;
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("request to " + request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
