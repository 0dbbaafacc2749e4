package io.moe.infrastructure.faces;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RoutingWordsTest {

    @Test
    void theUsageLogsRoutingIdsReadAsWords() {
        assertEquals("orchestrated", RoutingWords.of("moe_orchestrated"));
        assertEquals("reasoning", RoutingWords.of("moe_reasoning"));
        assertEquals("native", RoutingWords.of("native"));
    }

    @Test
    void anIdThePageDoesNotKnowIsShownAsItIs() {
        assertEquals("moe_future", RoutingWords.of("moe_future"));
        assertEquals("", RoutingWords.of(null));
    }
}
