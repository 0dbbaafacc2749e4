package io.moe.interfaces.admin;

import io.moe.infrastructure.faces.Charts;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The monitoring page's tokens-by-model chart. */
class MonitoringPageTest {

    @Test
    void everyModelOfTheWindowCountsAndTheSmallestAreFoldedIntoOneSlice() {
        Map<String, Long> tokens = new LinkedHashMap<>();
        for (int i = 1; i <= 12; i++) {
            tokens.put("model-" + i, 100L * i);
        }
        assertEquals(12, MonitoringPage.rankings(tokens).size(), "no model is left out before the chart folds");
        String chart = Charts.shares(MonitoringPage.rankings(tokens));
        assertTrue(chart.contains("\"5 other models\""), chart); // seven slices and the rest
        assertTrue(chart.contains("1500"), "the folded slice holds models 1 to 5 (100 + … + 500): " + chart);
    }
}
