package io.moe.infrastructure.faces;

import io.moe.domain.identity.UsageRanking;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The doughnut of token shares stays true and readable however many models there are. */
class ChartsTest {

    @Test
    void manyModelsShowTheLargestAndOneSliceForTheRest() {
        List<UsageRanking> models = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            models.add(new UsageRanking("model-" + i, i, i * 100L)); // model-20 is the largest
        }
        JsonObject data = data(Charts.shares(models));
        List<String> labels = data.getJsonArray("labels").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
        assertEquals(List.of("model-20", "model-19", "model-18", "model-17", "model-16", "model-15", "model-14", "13 other models"), labels);
        List<Long> tokens = data.getJsonArray("datasets").getJsonObject(0).getJsonArray("data").getValuesAs(JsonNumber.class).stream()
                .map(JsonNumber::longValue).toList();
        assertEquals(100L * (1 + 13) * 13 / 2, tokens.get(7), "the rest's tokens together");
        assertEquals(100L * 20 * 21 / 2, tokens.stream().mapToLong(Long::longValue).sum(), "every token is in a slice");
    }

    @Test
    void aFewModelsGetASliceEachAndALongNameIsShortened() {
        String longName = "failover-" + "x".repeat(60) + "@gpu-node-7";
        JsonObject data = data(Charts.shares(List.of(new UsageRanking("small", 1, 10), new UsageRanking(longName, 2, 500))));
        List<String> labels = data.getJsonArray("labels").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
        assertEquals(2, labels.size());
        assertEquals(longName.substring(0, Charts.LABEL_CHARS - 1) + "…", labels.get(0), "largest first, cut to fit the legend");
        assertEquals("small", labels.get(1));
    }

    @Test
    void manyDomainsFoldIntoOneSliceAndNoTwoSlicesShareAColour() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int i = 1; i <= 12; i++) {
            counts.put("domain-" + i, (long) i);
        }
        JsonObject data = data(Charts.shares("Entities", counts, "domains"));
        List<String> labels = data.getJsonArray("labels").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
        assertEquals(Charts.SLICES, labels.size());
        assertEquals("domain-12", labels.get(0));
        assertEquals("5 other domains", labels.get(Charts.SLICES - 1));
        List<String> colours = data.getJsonArray("datasets").getJsonObject(0).getJsonArray("backgroundColor")
                .getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
        assertEquals(labels.size(), colours.stream().distinct().count(), "one colour per slice: " + colours);
        assertEquals(1L + 2 + 3 + 4 + 5, data.getJsonArray("datasets").getJsonObject(0).getJsonArray("data")
                .getJsonNumber(Charts.SLICES - 1).longValue(), "the five smallest together");
    }

    private static JsonObject data(String chart) {
        return Json.createReader(new StringReader(chart)).readObject().getJsonObject("data");
    }
}
