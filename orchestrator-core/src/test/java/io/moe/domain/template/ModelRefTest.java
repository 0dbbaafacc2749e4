package io.moe.domain.template;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ModelRefTest {

    @Test
    void parsesModelTagAndEndpoint() {
        ModelRef ref = ModelRef.parse("qwen2.5:14b@gpu1");
        assertEquals("qwen2.5:14b", ref.model());
        assertEquals("gpu1", ref.endpoint());
        assertEquals("qwen2.5:14b@gpu1", ref.toString());
    }

    @Test
    void readsTheParameterCountFromTheTag() {
        assertEquals(14.0, ModelRef.parse("qwen2.5:14b@gpu1").billionParameters().getAsDouble());
        assertEquals(0.5, ModelRef.parse("qwen2.5:0.5b@gpu1").billionParameters().getAsDouble());
        assertEquals(70.0, ModelRef.parse("llama3.3:70b-instruct-q4@big").billionParameters().getAsDouble());
        assertEquals(176.0, ModelRef.parse("mixtral:8x22b@big").billionParameters().getAsDouble(), "a mixture of experts: all of it");
        assertEquals(56.0, ModelRef.parse("mixtral:8x7b-instruct@big").billionParameters().getAsDouble());
        assertTrue(ModelRef.parse("mistral:latest@gpu1").billionParameters().isEmpty());
    }

    @Test
    void rejectsAReferenceWithoutEndpoint() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ModelRef.parse("qwen2.5:14b"));
        assertTrue(e.getMessage().contains("<model>:<tag>@<endpoint_name>"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ModelRef.parse("a b@gpu"));
        assertThrows(IllegalArgumentException.class, () -> ModelRef.parse(null));
    }
}
