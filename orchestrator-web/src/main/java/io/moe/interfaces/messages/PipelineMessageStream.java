package io.moe.interfaces.messages;

import io.moe.application.pipeline.run.Cancellation;
import io.moe.domain.chat.ChatAnswer;
import io.moe.interfaces.openai.AnswerTextSent;
import io.moe.interfaces.openai.WholeCharacters;
import io.moe.interfaces.openai.ContentChunks;
import io.moe.interfaces.openai.OpenAiErrors;
import io.moe.interfaces.openai.ProgressQueue;
import jakarta.ws.rs.core.StreamingOutput;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The events of a message the pipeline answers: {@code message_start} and a {@code ping} at once, then while
 * the pipeline works its progress lines in a thinking block (profile {@code stream_think}) and a {@code ping}
 * after each quiet keep-alive period; when the answer is there, the thinking step's reasoning (when it is to be
 * shown) in the thinking block, the answer in a text block (as the last model writes it when the pipeline
 * streams it and no reasoning is to be shown before it; else once complete), {@code message_delta} with {@code end_turn} ({@code max_tokens} when a token limit cut the answer) and the
 * usage, and {@code message_stop}. A failure ends the stream with an {@code error} event; a client that goes
 * away cancels the pipeline.
 */
final class PipelineMessageStream implements StreamingOutput {

    private static final long POLL_MILLIS = 200;

    private final String id;
    private final String model;
    private final long promptEstimate;
    private final boolean streamThink;
    private final boolean showReasoning;
    private final CompletableFuture<ChatAnswer> answer;
    private final Cancellation cancellation;
    private final ProgressQueue progress;
    private final Duration keepAlive;
    /** The answer's text sent while it was written. */
    private final StringBuilder sent = new StringBuilder();
    private final WholeCharacters characters = new WholeCharacters();

    PipelineMessageStream(String id, String model, long promptEstimate, boolean streamThink, boolean showReasoning,
                          CompletableFuture<ChatAnswer> answer, Cancellation cancellation, ProgressQueue progress, Duration keepAlive) {
        this.id = id;
        this.model = model;
        this.promptEstimate = promptEstimate;
        this.streamThink = streamThink;
        this.showReasoning = showReasoning;
        this.answer = answer;
        this.cancellation = cancellation;
        this.progress = progress;
        this.keepAlive = keepAlive;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        Writer out = new OutputStreamWriter(output, java.nio.charset.StandardCharsets.UTF_8);
        MessageEvents events = new MessageEvents(out, id);
        try {
            events.start(model, promptEstimate);
            events.ping();
            ChatAnswer done = await(events);
            if (showReasoning && !done.reasoning().isEmpty()) {
                for (String piece : ContentChunks.of(done.reasoning())) {
                    events.thinking(piece);
                }
            }
            for (String piece : ContentChunks.of(AnswerTextSent.rest(done.content(), sent))) {
                events.text(piece);
            }
            events.finish(OpenAiToMessages.stopReason(done), null, done.usage().promptTokens(), done.usage().completionTokens());
        } catch (ExecutionException e) {
            events.error(MessagesErrors.body(OpenAiErrors.classify(e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellation.cancel("the stream was interrupted");
        } catch (IOException e) {
            cancellation.cancel("the client went away");
            throw e;
        }
    }

    private ChatAnswer await(MessageEvents events) throws ExecutionException, InterruptedException, IOException {
        progress.wakeWhenDone(answer);
        long lastSent = System.nanoTime();
        while (!answer.isDone()) {
            ProgressQueue.Item item = progress.next(POLL_MILLIS);
            if (item != null && (item.answer() || streamThink)) {
                forward(events, item);
                lastSent = System.nanoTime();
            } else if (System.nanoTime() - lastSent >= keepAlive.toNanos()) {
                events.ping();
                lastSent = System.nanoTime();
            }
        }
        for (ProgressQueue.Item item = progress.nextNow(); item != null; item = progress.nextNow()) {
            forward(events, item);
        }
        return answer.get();
    }

    /** A progress line to the thinking block (none once the answer's text began), or a piece of the answer's text. */
    private void forward(MessageEvents events, ProgressQueue.Item item) throws IOException {
        if (!item.answer()) {
            if (streamThink && sent.length() == 0) {
                events.thinking(item.text() + "\n");
            }
            return;
        }
        String text = characters.next(item.text());
        sent.append(text);
        for (String piece : ContentChunks.of(text)) {
            events.text(piece);
        }
    }
}
