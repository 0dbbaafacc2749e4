package io.moe.interfaces.openai;

import io.moe.domain.chat.ChatAnswer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.StreamingOutput;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The server-sent events of a streamed completion, in the order clients rely on: a role chunk, content
 * chunks of about 50 characters, a stop chunk, a usage chunk when asked for, and {@code data: [DONE]}.
 * While the answer is being worked out, SSE comments keep the connection alive. A failure after the
 * stream has begun is reported as an error event followed by {@code [DONE]}.
 */
final class CompletionStream implements StreamingOutput {

    private final String id;
    private final long created;
    private final String model;
    private final boolean includeUsage;
    private final CompletableFuture<ChatAnswer> answer;
    private final Duration keepAlive;

    CompletionStream(String id, long created, String model, boolean includeUsage,
                     CompletableFuture<ChatAnswer> answer, Duration keepAlive) {
        this.id = id;
        this.created = created;
        this.model = model;
        this.includeUsage = includeUsage;
        this.answer = answer;
        this.keepAlive = keepAlive;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        Writer out = new OutputStreamWriter(output, StandardCharsets.UTF_8);
        try {
            send(out, CompletionJson.chunk(id, created, model,
                    Json.createObjectBuilder().add("role", "assistant").add("content", ""), null));
            ChatAnswer done = await(out);
            for (String piece : ContentChunks.of(done.content())) {
                send(out, CompletionJson.chunk(id, created, model, Json.createObjectBuilder().add("content", piece), null));
            }
            send(out, CompletionJson.chunk(id, created, model, Json.createObjectBuilder(), "stop"));
            if (includeUsage) {
                send(out, CompletionJson.usageChunk(id, created, model, done.usage()));
            }
        } catch (ExecutionException e) {
            send(out, OpenAiErrors.body(OpenAiErrors.classify(e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer.cancel(true);
            return;
        } catch (IOException e) {
            answer.cancel(true); // the client went away
            throw e;
        }
        out.write("data: [DONE]\n\n");
        out.flush();
    }

    private ChatAnswer await(Writer out) throws ExecutionException, InterruptedException, IOException {
        while (true) {
            try {
                return answer.get(keepAlive.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillWorking) {
                out.write(": keep-alive\n\n");
                out.flush();
            }
        }
    }

    private static void send(Writer out, JsonObject event) throws IOException {
        out.write("data: ");
        out.write(event.toString());
        out.write("\n\n");
        out.flush();
    }
}
