package io.moe.interfaces.openai;

import io.moe.application.pipeline.run.Cancellation;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.StreamingOutput;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The server-sent events of a streamed completion, in the order clients rely on: a role chunk, the
 * pipeline's progress lines for the think panel (as {@code <think>…</think>} content, or as
 * {@code reasoning_content} deltas when the request set {@code include_reasoning}), content chunks of
 * at most about 50 characters (as the last model writes the answer, when the pipeline streams it; else
 * once the answer is complete), a stop chunk, a usage chunk when asked for, and {@code data: [DONE]}. While
 * nothing else is sent, SSE comments keep the connection alive. A failure after the stream has begun
 * is reported as an error event followed by {@code [DONE]}. When the client goes away (a write fails,
 * at the latest with the next keep-alive), the request's pipeline is cancelled.
 */
final class CompletionStream implements StreamingOutput {

    /** What every chunk carries. */
    record Head(String id, long created, String model) {
    }

    private static final long POLL_MILLIS = 200;

    private final Head head;
    private final boolean includeUsage;
    private final boolean reasoningContent;
    private final CompletableFuture<ChatAnswer> answer;
    private final Cancellation cancellation;
    private final ProgressQueue progress;
    private final Duration keepAlive;
    private boolean thinkOpen;
    /** The answer's text sent while it was written. */
    private final StringBuilder sent = new StringBuilder();
    private final WholeCharacters characters = new WholeCharacters();

    CompletionStream(Head head, boolean includeUsage, boolean reasoningContent, CompletableFuture<ChatAnswer> answer,
                     Cancellation cancellation, ProgressQueue progress, Duration keepAlive) {
        this.cancellation = cancellation;
        this.head = head;
        this.includeUsage = includeUsage;
        this.reasoningContent = reasoningContent;
        this.answer = answer;
        this.progress = progress;
        this.keepAlive = keepAlive;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        Writer out = new OutputStreamWriter(output, StandardCharsets.UTF_8);
        try {
            send(out, chunk(Jsonp.createObjectBuilder().add("role", "assistant").add("content", ""), null));
            ChatAnswer done = await(out);
            closeThink(out); // also when the answer's text is empty
            content(out, AnswerTextSent.rest(done.content(), sent));
            send(out, chunk(Jsonp.createObjectBuilder(), CompletionJson.finishReason(done)));
            if (includeUsage) {
                send(out, CompletionJson.usageChunk(head.id(), head.created(), head.model(), done.usage()));
            }
        } catch (ExecutionException e) {
            closeThink(out);
            send(out, OpenAiErrors.body(OpenAiErrors.classify(e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellation.cancel("the stream was interrupted");
            return;
        } catch (IOException e) {
            cancellation.cancel("the client went away"); // stops the pipeline and its model calls; what they used is billed
            throw e;
        }
        out.write("data: [DONE]\n\n");
        out.flush();
    }

    /**
     * Forwards progress lines and the answer's text as it is written until the answer is there, with a keep-alive
     * comment after each quiet period.
     */
    private ChatAnswer await(Writer out) throws ExecutionException, InterruptedException, IOException {
        progress.wakeWhenDone(answer);
        long lastSent = System.nanoTime();
        while (!answer.isDone()) {
            ProgressQueue.Item item = progress.next(POLL_MILLIS);
            if (item != null) {
                forward(out, item);
                lastSent = System.nanoTime();
            } else if (System.nanoTime() - lastSent >= keepAlive.toNanos()) {
                out.write(": keep-alive\n\n");
                out.flush();
                lastSent = System.nanoTime();
            }
        }
        for (ProgressQueue.Item item = progress.nextNow(); item != null; item = progress.nextNow()) {
            forward(out, item);
        }
        return answer.get();
    }

    /** A progress line to the think panel (none once the answer's text began), or the answer's text with what is queued after it. */
    private void forward(Writer out, ProgressQueue.Item item) throws IOException {
        if (!item.answer()) {
            if (sent.length() == 0 || reasoningContent) {
                think(out, item.text());
            }
            return;
        }
        StringBuilder text = new StringBuilder(item.text());
        for (ProgressQueue.Item next = progress.nextNow(); next != null; next = progress.nextNow()) {
            if (next.answer()) {
                text.append(next.text());
            } else if (reasoningContent) {
                think(out, next.text());
            }
        }
        String whole = characters.next(text.toString());
        sent.append(whole);
        content(out, whole);
    }

    private void content(Writer out, String text) throws IOException {
        if (text.isEmpty()) {
            return;
        }
        closeThink(out);
        for (String piece : ContentChunks.of(text)) {
            send(out, chunk(Jsonp.createObjectBuilder().add("content", piece), null));
        }
    }

    private void think(Writer out, String line) throws IOException {
        if (reasoningContent) {
            for (String piece : ContentChunks.of(line + "\n")) {
                send(out, chunk(Jsonp.createObjectBuilder().add("reasoning_content", piece), null));
            }
            return;
        }
        String text = (thinkOpen ? "" : "<think>\n") + line + "\n";
        thinkOpen = true;
        for (String piece : ContentChunks.of(text)) {
            send(out, chunk(Jsonp.createObjectBuilder().add("content", piece), null));
        }
    }

    private void closeThink(Writer out) throws IOException {
        if (thinkOpen) {
            thinkOpen = false;
            send(out, chunk(Jsonp.createObjectBuilder().add("content", "</think>\n\n"), null));
        }
    }

    private JsonObject chunk(JsonObjectBuilder delta, String finishReason) {
        return CompletionJson.chunk(head.id(), head.created(), head.model(), delta, finishReason);
    }

    private static void send(Writer out, JsonObject event) throws IOException {
        out.write("data: ");
        out.write(event.toString());
        out.write("\n\n");
        out.flush();
    }
}
