package io.moe.domain.template;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpertTemplateTest {

    @Test
    void theBuiltInTemplatePointsEveryRoleAtTheLocalServer() throws IOException {
        ExpertTemplate template;
        try (InputStream in = getClass().getResourceAsStream("/templates/default-template.json")) {
            template = ExpertTemplate.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals("default", template.name());
        assertEquals("local", template.plannerModel().endpoint());
        assertEquals("local", template.judgeModel().endpoint());
        ExpertConfig general = template.expert("general").orElseThrow();
        assertEquals("local", general.models().get(0).ref().endpoint());
        assertEquals(12, template.experts().size());
    }

    @Test
    void namesTheMissingPart() {
        InvalidTemplateException e = assertThrows(InvalidTemplateException.class,
                () -> ExpertTemplate.parse("{\"name\":\"x\"}"));
        assertTrue(e.getMessage().contains("experts"), e.getMessage());
        assertThrows(InvalidTemplateException.class, () -> ExpertTemplate.parse("[1,2]"));
        assertThrows(InvalidTemplateException.class, () -> ExpertTemplate.parse("{not json"));
    }
}
