package io.moe.application.shared;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BoundedLabelTest {

    @Test
    void fixedValuesAlwaysPassAndOnlyTheFirstFewOthers() {
        BoundedLabel categories = new BoundedLabel(Set.of("math", "general"), 2);
        assertEquals("own-1", categories.of("own-1"));
        assertEquals("own-2", categories.of("own-2"));
        assertEquals(BoundedLabel.OTHER, categories.of("own-3"), "a third category of users' own is 'other'");
        assertEquals("own-1", categories.of("own-1"), "a value already taken keeps its name");
        assertEquals("math", categories.of("math"), "the fixed values are never crowded out");
        assertEquals(BoundedLabel.OTHER, categories.of(null));
    }
}
