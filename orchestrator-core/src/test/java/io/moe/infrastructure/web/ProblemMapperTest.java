package io.moe.infrastructure.web;

import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** What the admin port says when the REST layer refuses a request before any resource ran. */
class ProblemMapperTest {

    @Test
    void aMethodTheRouteDoesNotTakeNamesTheOnesItTakesInOrder() {
        Refusal refused = ProblemMapper.routeRefusal(405, Set.of("PUT", "GET", "DELETE"), "RESTEASY003650: No resource method found");
        assertEquals(Kind.NOT_ALLOWED, refused.kind());
        assertEquals("method_not_allowed", refused.code());
        assertEquals("this route does not take that HTTP method; it takes DELETE, GET, PUT", refused.getMessage());
    }

    @Test
    void aBodyTypeTheRouteDoesNotTakeSaysWhatToSend() {
        Refusal refused = ProblemMapper.routeRefusal(415, Set.of(), "RESTEASY003065: Cannot consume content type");
        assertEquals("unsupported_media_type", refused.code());
        assertFalse(refused.getMessage().contains("RESTEASY"), refused.getMessage());
    }

    @Test
    void anUnknownRouteIsNotFound() {
        assertEquals("not_found", ProblemMapper.routeRefusal(404, Set.of(), "RESTEASY003210").code());
    }
}
