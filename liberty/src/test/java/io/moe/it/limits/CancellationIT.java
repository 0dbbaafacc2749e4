package io.moe.it.limits;

import io.moe.it.Simulator;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding 10 of the security review, second half: a client that goes away stops its pipeline, and pays for it. */
class CancellationIT {

    @Test
    void aStreamWhoseClientGoesAwayStopsBeforeTheJudgeAndIsBilled() throws Exception {
        String[] user = Callers.newUser();
        String marker = Callers.marker();
        String slow = Simulator.addRule(Callers.rule(marker, "expert", Json.createObjectBuilder().add("latency_ms", 8000).build()));
        try {
            URI chat = URI.create(Callers.CHAT);
            String body = Json.createObjectBuilder().add("model", "moe-orchestrator").add("stream", true)
                    .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                            .add("content", "Tell me about " + marker))).build().toString();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            try (Socket socket = new Socket(chat.getHost(), chat.getPort())) {
                OutputStream out = socket.getOutputStream();
                out.write(("POST " + chat.getPath() + " HTTP/1.1\r\nHost: " + chat.getHost() + ":" + chat.getPort() + "\r\nAuthorization: Bearer " + user[1]
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(bytes);
                out.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
                StringBuilder read = new StringBuilder();
                String line = in.readLine();
                for (; line != null && !line.contains("Asking experts"); line = in.readLine()) {
                    read.append(line).append('\n'); // read until the experts were asked, then hang up
                }
                assertTrue(read.toString().startsWith("HTTP/1.1 200"), read.toString());
                assertTrue(line != null, "the stream reported the expert stage: " + read);
            }
            JsonObject usage = Callers.usageWhen(user[0], u -> u.getJsonArray("recent").size() == 1);
            JsonObject row = usage.getJsonArray("recent").getJsonObject(0);
            assertEquals("error", row.getString("status"), row.toString());
            assertTrue(row.getInt("completion_tokens") >= 1024, "the cut-off expert call is billed at its reservation: " + row);
            assertTrue(Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                    .anyMatch(c -> c.getString("role").equals("expert")), "the experts were asked");
            assertTrue(Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                    .noneMatch(c -> c.getString("role").equals("judge")), "the pipeline stopped before the judge");
        } finally {
            Simulator.removeRule(slow);
        }
    }
}
