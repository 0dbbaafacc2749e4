package io.moe.infrastructure.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An outbound HTTP exchange bounded as a whole: the answer, headers and body, within a total time, and its body within
 * a number of bytes. On Java 17 {@link HttpRequest#timeout} ends at the response headers (JDK-8208693), so a server
 * that sends its headers and then stalls would hold the caller for as long as the connection lives; and a body read
 * whole has no size of its own. A timed-out exchange is cancelled, which gives its connection up.
 */
public final class BoundedResponses {

    private BoundedResponses() {
    }

    /**
     * The answer to {@code request} with its body as text (UTF-8); {@link HttpTimeoutException} when the whole answer
     * did not arrive within {@code total}, {@link BodyTooLarge} when the body has more than {@code maxBytes}.
     */
    public static HttpResponse<String> send(HttpClient http, HttpRequest request, int maxBytes, Duration total)
            throws IOException, InterruptedException {
        CompletableFuture<HttpResponse<String>> exchange = http.sendAsync(request, info -> new CappedText(maxBytes));
        try {
            return exchange.get(total.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new HttpTimeoutException("no whole answer within " + total.toSeconds() + " s");
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    /** The body had more bytes than the caller takes. */
    public static final class BodyTooLarge extends IOException {
        private final int maxBytes;

        BodyTooLarge(int maxBytes) {
            super("the answer is larger than " + maxBytes + " bytes");
            this.maxBytes = maxBytes;
        }

        /** The bound the body passed. */
        public int maxBytes() {
            return maxBytes;
        }
    }

    /** A body collected up to a number of bytes; one more cancels the subscription and fails the body. */
    static final class CappedText implements HttpResponse.BodySubscriber<String> {

        private final int maxBytes;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CompletableFuture<String> body = new CompletableFuture<>();
        private Flow.Subscription subscription;

        CappedText(int maxBytes) {
            this.maxBytes = maxBytes;
        }

        @Override
        public CompletionStage<String> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> chunk) {
            for (ByteBuffer buffer : chunk) {
                if (bytes.size() + buffer.remaining() > maxBytes) {
                    subscription.cancel();
                    body.completeExceptionally(new BodyTooLarge(maxBytes));
                    return;
                }
                byte[] part = new byte[buffer.remaining()];
                buffer.get(part);
                bytes.writeBytes(part);
            }
            subscription.request(1);
        }

        @Override
        public void onError(Throwable failure) {
            body.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            body.complete(bytes.toString(StandardCharsets.UTF_8));
        }
    }
}
