package io.moe.it;

import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Base64;

/** Reads /metrics as Prometheus does: HTTPS (Liberty's self-signed certificate) with HTTP Basic credentials. */
public final class Metrics {

    private Metrics() {
    }

    /** The metrics text as the configured metrics user reads it. */
    public static String text() {
        try {
            int[] status = new int[1];
            String body = scrape("prometheus", System.getProperty("moe.it.metrics-password"), status);
            if (status[0] != 200) {
                throw new IllegalStateException("/metrics answered " + status[0] + ": " + body);
            }
            return body;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("/metrics could not be read", e);
        }
    }

    /**
     * The sum over all series of {@code metric} (e.g. {@code moe_requests_total}) whose labels include every one of
     * {@code labels} (each written {@code name="value"}); 0 when there is none yet.
     */
    public static double sum(String text, String metric, String... labels) {
        double sum = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith(metric + "{") && java.util.Arrays.stream(labels).allMatch(line::contains)) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    /** The response body; {@code status[0]} receives the status. No credentials when {@code user} is null. */
    public static String scrape(String user, String password, int[] status) throws IOException, GeneralSecurityException {
        HttpsURLConnection connection = (HttpsURLConnection) URI.create(System.getProperty("moe.it.metrics-url",
                "https://127.0.0.1:18443/metrics")).toURL().openConnection();
        connection.setSSLSocketFactory(trustingContext().getSocketFactory());
        connection.setHostnameVerifier((host, session) -> true);
        connection.setConnectTimeout(5000);
        connection.setReadTimeout(30000);
        if (user != null) {
            connection.setRequestProperty("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        status[0] = connection.getResponseCode();
        try (InputStream in = status[0] < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }

    /** Trusts the test server's generated certificate (and any other: tests talk to 127.0.0.1 only). */
    private static SSLContext trustingContext() throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[]{new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        }}, new SecureRandom());
        return context;
    }
}
