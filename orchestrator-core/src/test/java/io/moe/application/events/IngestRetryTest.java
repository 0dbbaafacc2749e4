package io.moe.application.events;

import io.moe.application.limits.ConfigDefaults;
import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.models.TokenCaps;
import io.moe.application.shared.UnitsOfWork;
import io.moe.application.template.MemoryTemplateRepository;
import io.moe.application.template.TemplateCatalog;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.ModelRef;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** An answer whose graph write failed is tried again without asking the judge again, and each judge call is its own row. */
class IngestRetryTest {

    private final List<String> rows = new ArrayList<>();
    private final Fakes.ScriptedInference judge = Fakes.ScriptedInference.answering("Alice | knows | Bob");
    private int writesToFail = 1;
    private int written;

    @Test
    void aGraphWriteThatFailedIsTriedAgainWithTheTriplesTheJudgeAlreadyGave() throws IOException {
        KnowledgeIngest ingest = ingest();
        String event = Json.createObjectBuilder().add("response_id", "chatcmpl-1").add("query", "Who knows Bob?")
                .add("answer", "Alice knows Bob.").add("template", "default").build().toString();

        assertNotNull(ingest.ingest(event), "the graph was down: tried again later");
        assertNull(ingest.ingest(event), "written the second time");

        assertEquals(1, judge.calls.size(), "one judge call for the answer, not one per attempt");
        assertEquals(1, written);
        assertEquals(List.of("ok ingest:chatcmpl-1"), rows, "one usage row for the one call");
    }

    @Test
    void eachFailedJudgeCallOfAnAnswerIsARowOfItsOwn() {
        assertEquals("ingest:chatcmpl-1", IngestAccounting.requestId("chatcmpl-1", 1));
        assertEquals("ingest:chatcmpl-1#2", IngestAccounting.requestId("chatcmpl-1", 2),
                "the usage log keeps one row per request id and status");
        String longId = "x".repeat(80);
        assertEquals(64, IngestAccounting.requestId(longId, 12).length());
        assertEquals("#12", IngestAccounting.requestId(longId, 12).substring(61));
    }

    private KnowledgeIngest ingest() throws IOException {
        KnowledgeIngest ingest = new KnowledgeIngest();
        MemoryTemplateRepository stored = new MemoryTemplateRepository();
        try (InputStream in = getClass().getResourceAsStream("/templates/default-template.json")) {
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            stored.add(new ExpertTemplateRecord(ExpertTemplate.parse(json), json));
        }
        ingest.templates = new TemplateCatalog(stored, "default", 60);
        ingest.units = new UnitsOfWork();
        ingest.inference = judge;
        ingest.caps = ConfigDefaults.of(TokenCaps.class);
        ingest.writer = new KnowledgeGraphWriter() {
            @Override
            public int store(List<Triple> triples, String responseId, String domain) {
                if (writesToFail-- > 0) {
                    throw new IllegalStateException("Neo4j is not answering");
                }
                written++;
                return triples.size();
            }
        };
        ingest.accounting = new IngestAccounting() {
            @Override
            public void answered(String responseId, int attempt, ModelRef judge, TokenUsage tokens) {
                rows.add("ok " + requestId(responseId, attempt));
            }

            @Override
            public void failed(String responseId, int attempt, ModelRef judge) {
                rows.add("error " + requestId(responseId, attempt));
            }
        };
        return ingest;
    }
}
