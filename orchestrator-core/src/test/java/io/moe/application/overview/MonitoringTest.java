package io.moe.application.overview;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MonitoringTest {

    @Test
    void aGuardedCallIsNamedByWhatItTalksTo() {
        assertEquals("knowledge graph", Monitoring.kindOf("io.moe.infrastructure.graph.Neo4jKnowledgeGraph.facts"));
        assertEquals("knowledge graph", Monitoring.kindOf("io.moe.infrastructure.graph.Neo4jSemanticCacheIndex.nearest"));
        assertEquals("web search", Monitoring.kindOf("io.moe.infrastructure.search.WebSearchClient.search"));
        assertEquals("tool server", Monitoring.kindOf("io.moe.infrastructure.tools.ToolServerHttp.send"));
        assertEquals("guarded call", Monitoring.kindOf("io.moe.application.Other.call"));
    }

    @Test
    void aMethodIsShownWithoutItsPackage() {
        assertEquals("WebSearchClient.search", Monitoring.shortName("io.moe.infrastructure.search.WebSearchClient.search"));
        assertEquals("plain", Monitoring.shortName("plain"));
    }
}
