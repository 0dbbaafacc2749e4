package io.moe.interfaces.admin;

import io.moe.domain.shared.Jsonp;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What the tool evaluation's form makes of typed numbers: the call's arguments, or the field's problem in words. */
class ToolArgumentFormTest {

    private static ToolArgumentForm form() {
        return ToolArgumentForm.of(Jsonp.readObject("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"},"
                + "\"x\":{\"type\":\"number\"}},\"required\":[\"n\"]}"));
    }

    @Test
    void numbersBecomeArguments() {
        ToolArgumentForm form = form();
        form.getFields().get(0).setValue("42");
        form.getFields().get(1).setValue("2.5");
        assertEquals("{\"n\":42,\"x\":2.5}", form.arguments().toString());
    }

    @Test
    void aNumberTheToolsWouldRefuseIsRefusedBeforeItIsWrittenOut() {
        ToolArgumentForm form = form();
        form.getFields().get(0).setValue("1e30000000"); // thirty million digits, written out, took 46 s
        ToolArgumentForm.BadArgument e = assertThrows(ToolArgumentForm.BadArgument.class, form::arguments);
        assertEquals("n may have at most 4000 digits before and after the point.", e.getMessage());
        form.getFields().get(0).setValue("7");
        form.getFields().get(1).setValue("1e-5000");
        assertThrows(ToolArgumentForm.BadArgument.class, form::arguments);
    }
}
