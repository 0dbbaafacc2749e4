package io.moe.application.template;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.template.ExpertTemplate;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The envelope of an expert template file: each row of the spec's validation table. */
class TemplateFileTest {

    private static final String ITEM = "{\"name\":\"a\",\"experts\":{\"general\":{\"models\":[{\"model\":\"m:7b\",\"endpoint\":\"local\"}]}}}";

    private static TemplateRefusedException refused(String file) {
        return assertThrows(TemplateRefusedException.class, () -> TemplateFile.read(file));
    }

    @Test
    void aWrongTypeIs400NamingType() {
        TemplateRefusedException e = refused("{\"type\":\"cc_profile\",\"version\":\"1.0\",\"items\":[]}");
        assertEquals(Kind.INVALID, e.kind());
        assertEquals("type", e.field());
        assertEquals("type", refused("{\"version\":\"1.0\",\"items\":[]}").field());
    }

    @Test
    void aVersionOtherThan10Is400NamingVersion() {
        assertEquals("version", refused("{\"type\":\"expert_template\",\"version\":\"2.0\",\"items\":[]}").field());
        assertEquals("version", refused("{\"type\":\"expert_template\",\"version\":1.0,\"items\":[]}").field());
    }

    @Test
    void itemsThatAreNoArrayAre400NamingItems() {
        assertEquals("items", refused("{\"type\":\"expert_template\",\"version\":\"1.0\",\"items\":{}}").field());
        assertEquals("items", refused("{\"type\":\"expert_template\",\"version\":\"1.0\"}").field());
    }

    @Test
    void aFileThatIsNoJsonObjectIs400() {
        assertEquals(Kind.INVALID, refused("not json").kind());
        assertEquals(Kind.INVALID, refused("[]").kind());
        assertEquals(Kind.INVALID, refused("").kind());
    }

    @Test
    void namelessEntriesAreCountedNotKept() {
        TemplateFile.Contents c = TemplateFile.read("{\"type\":\"expert_template\",\"version\":\"1.0\",\"items\":["
                + ITEM + ",{\"name\":\"  \"},{\"experts\":{}},{\"name\":null},\"text\",{\"name\":\" b \"}]}");
        assertEquals(4, c.nameless());
        assertEquals(List.of("a", "b"), c.items().stream().map(TemplateFile.Item::name).toList());
        assertEquals("items[5]", c.items().get(1).path());
        assertEquals("b", c.items().get(1).json().getString("name"), "the name is read without surrounding white space");
    }

    @Test
    void aNameTwiceInOneFileIs400NamingTheSecond() {
        TemplateRefusedException e = refused("{\"type\":\"expert_template\",\"version\":\"1.0\",\"items\":["
                + ITEM + ",{\"name\":\"b\"}," + ITEM.replace("\"a\"", "\" a \"") + "]}");
        assertEquals("items[2].name", e.field());
        assertTrue(e.getMessage().contains("also the name of items[0]"), e.getMessage());
    }

    @Test
    void anExportReadsBackAsItsTemplates() {
        ExpertTemplate t = ExpertTemplate.parse(ITEM);
        JsonObject file = TemplateFile.write(List.of(t), "admin");
        assertEquals("expert_template", file.getString("type"));
        assertEquals("admin", file.getString("scope"));
        assertEquals("1.0", file.getString("version"));
        assertTrue(file.getString("exported_at").endsWith("Z"), file.getString("exported_at"));
        TemplateFile.Contents c = TemplateFile.read(file.toString());
        assertEquals(t, ExpertTemplate.fromJson(c.items().get(0).json()));
    }
}
