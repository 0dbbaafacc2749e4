package io.moe.domain.identity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Which resource ids a grant may name. */
class ResourceIdsTest {

    @Test
    void aModelEndpointIdIsTakenAsItIsMatched() {
        assertNull(ResourceIds.problem(ResourceType.MODEL_ENDPOINT, "qwen2.5:14b@gpu1"));
        assertNull(ResourceIds.problem(ResourceType.MODEL_ENDPOINT, "*@gpu1"));
        String blanks = "a model_endpoint id has no blanks or control characters around it, e.g. qwen2.5:14b@gpu1";
        assertEquals(blanks, ResourceIds.problem(ResourceType.MODEL_ENDPOINT, " qwen2.5:14b@gpu1 "));
        assertEquals(blanks, ResourceIds.problem(ResourceType.MODEL_ENDPOINT, "m@local\u0000"));
    }
}
