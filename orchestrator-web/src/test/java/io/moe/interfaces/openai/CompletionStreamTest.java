package io.moe.interfaces.openai;

import io.moe.application.pipeline.run.Cancellation;
import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A streamed answer's text reaches the client whole, a character written in two halves included. */
class CompletionStreamTest {

    @Test
    void anEmojiWhoseHalvesArriveApartIsSentWholeNotAsQuestionMarks() throws Exception {
        ProgressQueue progress = new ProgressQueue(true);
        CompletableFuture<ChatAnswer> answer = new CompletableFuture<>();
        CompletionStream stream = new CompletionStream(new CompletionStream.Head("chatcmpl-1", 1, "moe-orchestrator"), false, false,
                answer, new Cancellation(), progress, Duration.ofSeconds(10));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
            try {
                stream.write(out);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        progress.answerText("a\uD83D"); // the model's stream broke the emoji between two pieces
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!out.toString(StandardCharsets.UTF_8).contains("\"content\":\"a\"")) {
            assertTrue(System.nanoTime() < deadline, "the first piece is sent: " + out.toString(StandardCharsets.UTF_8));
            Thread.sleep(10);
        }
        progress.answerText("\uDE00!");
        answer.complete(new ChatAnswer("chatcmpl-1", 1, "a\uD83D\uDE00!", new TokenUsage(1, 1), List.of(), false));
        writing.get();

        StringBuilder content = new StringBuilder();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("data: {")) {
                JsonObject chunk = Jsonp.readObject(line.substring(6));
                JsonObject delta = chunk.getJsonArray("choices").getJsonObject(0).getJsonObject("delta");
                content.append(delta.getString("content", ""));
            }
        }
        assertEquals("a\uD83D\uDE00!", content.toString(), "no '?' for half a character");
    }
}
