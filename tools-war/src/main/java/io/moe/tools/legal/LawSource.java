package io.moe.tools.legal;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Reads files of gesetze-im-internet.de by their path ({@code /gii-toc.xml}, {@code /bgb/xml.zip}):
 * from a local mirror folder when one is configured, otherwise over HTTP from the base URL. Failures
 * name the file but never the source's address (an internal detail): that goes to the log.
 */
public final class LawSource {

    private static final Logger LOG = Logger.getLogger(LawSource.class.getName());

    static final long MAX_FILE = 64L * 1024 * 1024;

    private final String baseUrl;
    private final Path mirror;
    private final HttpClient http;

    public LawSource(String baseUrl, Path mirror) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.mirror = mirror;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    byte[] read(String path) {
        try {
            if (mirror != null) {
                Path file = mirror.resolve(path.replaceFirst("^/", "")).normalize();
                if (!file.startsWith(mirror) || !Files.isRegularFile(file)) {
                    throw new ToolException(Kind.NOT_FOUND, "law_not_found", "law", "the law mirror has no " + path);
                }
                return Files.readAllBytes(file);
            }
            HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .timeout(Duration.ofSeconds(60)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() == 404) {
                throw new ToolException(Kind.NOT_FOUND, "law_not_found", "law", "the law source has no " + path);
            }
            if (response.statusCode() != 200) {
                LOG.warning(() -> baseUrl + path + " answered HTTP " + response.statusCode());
                throw new ToolException(Kind.UPSTREAM_FAILED, "law_source_failed", null,
                        "the law source answered " + path + " with HTTP " + response.statusCode() + "; try again later");
            }
            return response.body();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Cannot read " + path + " from " + (mirror != null ? mirror : baseUrl), e);
            throw new ToolException(Kind.UPSTREAM_FAILED, "law_source_unreachable", null, "the law source could not be reached; try again later");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ToolException(Kind.UNAVAILABLE, "interrupted", null, "the server is stopping");
        }
    }

    /** The first XML file inside a law's xml.zip, refusing archives that unpack beyond the size limit. */
    byte[] unzipXml(byte[] zip) {
        try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                if (!e.isDirectory() && e.getName().toLowerCase().endsWith(".xml")) {
                    return readLimited(in);
                }
            }
            throw new ToolException(Kind.UPSTREAM_FAILED, "law_source_failed", null, "the law archive holds no XML file");
        } catch (IOException e) {
            throw new ToolException(Kind.UPSTREAM_FAILED, "law_source_failed", null, "the law archive cannot be read: " + e.getMessage());
        }
    }

    private static byte[] readLimited(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[65536];
        for (int n; (n = in.read(buffer)) > 0; ) {
            out.write(buffer, 0, n);
            if (out.size() > MAX_FILE) {
                throw new IOException("the archive unpacks to more than " + MAX_FILE / (1024 * 1024) + " MB");
            }
        }
        return out.toByteArray();
    }
}
