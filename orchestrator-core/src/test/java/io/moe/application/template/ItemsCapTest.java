package io.moe.application.template;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An import against the cap of own items: it fits, or the refusal says how far it would go. */
class ItemsCapTest {

    @Test
    void aFileThatFitsOrOnlyReplacesKeptItemsPasses() {
        assertEquals(Optional.empty(), ItemsCap.overflow(List.of("a"), List.of("b"), 2, "own profiles", "you"));
        assertEquals(Optional.empty(), ItemsCap.overflow(List.of("a", "b"), List.of("a", "b"), 2, "own profiles", "you"),
                "a kept name is replaced, not added");
    }

    @Test
    void aFileOverTheCapIsRefusedSayingWhereItWouldGo() {
        assertEquals(Optional.of("this file would bring you to 3 own profiles (2 kept, 1 new); at most 2 are kept: import fewer"
                + " or delete some first"), ItemsCap.overflow(List.of("a", "b"), List.of("a", "c"), 2, "own profiles", "you"));
    }
}
