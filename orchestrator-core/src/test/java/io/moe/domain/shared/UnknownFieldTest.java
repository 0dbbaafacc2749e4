package io.moe.domain.shared;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UnknownFieldTest {

    private static final Set<String> FIELDS = Set.of("name", "moe_mode");

    @Test
    void theFirstFieldInNeitherSetIsFound() {
        assertEquals(Optional.of("mode"), UnknownField.first(List.of("name", "id", "mode", "other"), FIELDS, Set.of("id")));
        assertEquals(Optional.of("id"), UnknownField.first(List.of("name", "id"), FIELDS));
    }

    @Test
    void knownFieldsOrNoneAtAllPass() {
        assertEquals(Optional.empty(), UnknownField.first(List.of("moe_mode", "name", "id"), FIELDS, Set.of("id")));
        assertEquals(Optional.empty(), UnknownField.first(List.of(), FIELDS));
    }

    @Test
    void aLongNameIsShortenedForTheMessage() {
        String found = UnknownField.first(List.of("x".repeat(100_000)), FIELDS).orElseThrow();
        assertEquals("x".repeat(40) + "…", found);
    }

    @Test
    void theListingIsSorted() {
        assertEquals("moe_mode, name", UnknownField.listing(FIELDS));
    }
}
