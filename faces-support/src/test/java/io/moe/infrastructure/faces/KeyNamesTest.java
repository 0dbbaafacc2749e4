package io.moe.infrastructure.faces;

import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeySecret;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KeyNamesTest {

    private final ApiKeySecret laptopSecret = ApiKeySecret.generate();
    private final ApiKey laptop = new ApiKey("u1", laptopSecret, "laptop", null);
    private final ApiKey unnamed = new ApiKey("u1", ApiKeySecret.generate(), "", null);
    private final KeyNames names = new KeyNames(List.of(laptop, unnamed));

    @Test
    void aKeyIsNamedByItsLabelAndItsPrefix() {
        assertEquals("laptop", names.labelOf(laptop.id()));
        assertEquals(laptopSecret.prefix() + "…", names.prefixOf(laptop.id()));
        assertEquals("", names.labelOf(unnamed.id()));
        assertEquals(unnamed.keyPrefix() + "…", names.prefixOf(unnamed.id()));
    }

    @Test
    void aRequestWithoutAKeyOrWithAKeyNotListedSaysSo() {
        assertEquals("–", names.prefixOf(null));
        assertEquals("", names.labelOf(null));
        assertEquals("a deleted key", names.prefixOf("k-unknown"), "a usage row outlives its key (the newest 200 revoked ones are kept)");
        assertEquals("", names.labelOf("k-unknown"));
    }
}
