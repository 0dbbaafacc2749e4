package io.moe.infrastructure.llm;

import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The chat-completions route of an OpenAI-compatible inference server (Ollama, vLLM, the simulator). */
@Path("/v1/chat/completions")
public interface OpenAiChatApi {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    JsonObject create(JsonObject request);
}
