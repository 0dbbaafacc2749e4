package io.moe.domain.shared;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CopyNameTest {

    @Test
    void aCopyIsNamedAfterItsSourceAndStaysWithinTheLimit() {
        assertEquals("reviewer (copy)", CopyName.of("reviewer", 1, 200));
        assertEquals("reviewer (copy 3)", CopyName.of("reviewer", 3, 200));
        String copy = CopyName.of("x".repeat(198), 1, 200);
        assertEquals(200, copy.length(), "a long source is shortened, the suffix kept");
        assertEquals("x".repeat(193) + " (copy)", copy);
    }
}
