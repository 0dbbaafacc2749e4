package io.moe.interfaces.messages;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Writes the event grammar of a streamed message, and keeps to it whatever order its callers use:
 * {@code message_start}, then blocks, each {@code content_block_start}, deltas of its own kind
 * ({@code text_delta}, {@code thinking_delta} then one {@code signature_delta}, {@code input_json_delta}) and
 * {@code content_block_stop} — opening a block closes the one before — then {@code message_delta} with the stop
 * reason and usage, and {@code message_stop}. {@code ping} may come at any time; {@code error} ends the stream.
 */
final class MessageEvents {

    private final Writer out;
    private final String id;
    private String openType;
    private int index = -1;
    private final StringBuilder thought = new StringBuilder();
    private boolean started;
    private boolean finished;

    MessageEvents(Writer out, String id) {
        this.out = out;
        this.id = id;
    }

    void start(String model, long inputTokens) throws IOException {
        started = true;
        send("message_start", Jsonp.createObjectBuilder().add("type", "message_start").add("message", Jsonp.createObjectBuilder()
                .add("id", id).add("type", "message").add("role", "assistant").add("content", Jsonp.createArrayBuilder())
                .add("model", model).addNull("stop_reason").addNull("stop_sequence")
                .add("usage", Jsonp.createObjectBuilder().add("input_tokens", inputTokens).add("output_tokens", 1))).build());
    }

    void ping() throws IOException {
        send("ping", Jsonp.createObjectBuilder().add("type", "ping").build());
    }

    boolean started() {
        return started;
    }

    /** Appends thinking text, opening a thinking block when none is open. */
    void thinking(String text) throws IOException {
        if (!"thinking".equals(openType)) {
            open("thinking", Jsonp.createObjectBuilder().add("type", "thinking").add("thinking", "").add("signature", ""));
        }
        thought.append(text);
        delta(Jsonp.createObjectBuilder().add("type", "thinking_delta").add("thinking", text));
    }

    /** Appends answer text, opening a text block when none is open. */
    void text(String text) throws IOException {
        if (!"text".equals(openType)) {
            open("text", Jsonp.createObjectBuilder().add("type", "text").add("text", ""));
        }
        delta(Jsonp.createObjectBuilder().add("type", "text_delta").add("text", text));
    }

    /** Opens a tool_use block; its input follows as {@link #inputJson} pieces. */
    void toolUse(String toolId, String name) throws IOException {
        open("tool_use", Jsonp.createObjectBuilder().add("type", "tool_use").add("id", toolId).add("name", name)
                .add("input", Jsonp.createObjectBuilder()));
    }

    void inputJson(String partial) throws IOException {
        if ("tool_use".equals(openType)) {
            delta(Jsonp.createObjectBuilder().add("type", "input_json_delta").add("partial_json", partial));
        }
    }

    void closeBlock() throws IOException {
        if (openType == null) {
            return;
        }
        if (openType.equals("thinking")) {
            delta(Jsonp.createObjectBuilder().add("type", "signature_delta").add("signature", signature(id, thought.toString())));
            thought.setLength(0);
        }
        send("content_block_stop", Jsonp.createObjectBuilder().add("type", "content_block_stop").add("index", index).build());
        openType = null;
    }

    void finish(String stopReason, String stopSequence, long inputTokens, long outputTokens) throws IOException {
        closeBlock();
        JsonObjectBuilder delta = Jsonp.createObjectBuilder().add("stop_reason", stopReason);
        if (stopSequence == null) {
            delta.addNull("stop_sequence");
        } else {
            delta.add("stop_sequence", stopSequence);
        }
        send("message_delta", Jsonp.createObjectBuilder().add("type", "message_delta").add("delta", delta)
                .add("usage", Jsonp.createObjectBuilder().add("input_tokens", inputTokens).add("output_tokens", outputTokens)).build());
        send("message_stop", Jsonp.createObjectBuilder().add("type", "message_stop").build());
        finished = true;
    }

    /** Ends the stream with an error event (an open block is closed first, so the grammar stays whole). */
    void error(JsonObject body) throws IOException {
        if (finished) {
            return;
        }
        closeBlock();
        send("error", body);
        finished = true;
    }

    /** An opaque signature of a thinking block: the service's own, so a client can hand the block back unchanged. */
    static String signature(String messageId, String thinking) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest((messageId + "\n" + thinking).getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void open(String type, JsonObjectBuilder block) throws IOException {
        closeBlock();
        index++;
        openType = type;
        send("content_block_start", Jsonp.createObjectBuilder().add("type", "content_block_start").add("index", index)
                .add("content_block", block).build());
    }

    private void delta(JsonObjectBuilder delta) throws IOException {
        send("content_block_delta", Jsonp.createObjectBuilder().add("type", "content_block_delta").add("index", index)
                .add("delta", delta).build());
    }

    private void send(String event, JsonObject data) throws IOException {
        out.write("event: " + event + "\ndata: " + data + "\n\n");
        out.flush();
    }
}
