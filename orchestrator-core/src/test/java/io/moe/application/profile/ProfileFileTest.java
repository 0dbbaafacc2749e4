package io.moe.application.profile;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The envelope of a profile file: its items by position, nameless ones counted, a name held once. */
class ProfileFileTest {

    private static String file(String... names) {
        StringBuilder items = new StringBuilder();
        for (String name : names) {
            items.append(items.length() == 0 ? "" : ",").append("{\"name\":\"").append(name).append("\"}");
        }
        return "{\"type\":\"cc_profile\",\"version\":\"1.0\",\"items\":[" + items + ",{\"name\":\" \"}]}";
    }

    @Test
    void namedItemsAreReadWithTheirPositionAndNamelessOnesCounted() {
        ProfileFile.Contents c = ProfileFile.read(file("coder", "reviewer"));
        assertEquals(List.of(0, 1), c.items().stream().map(ProfileFile.Item::index).toList());
        assertEquals(1, c.nameless());
    }

    @Test
    void aNameTwiceInOneFileIs400NamingTheSecond() {
        ProfileRefusedException e = assertThrows(ProfileRefusedException.class, () -> ProfileFile.read(file("coder", "x", "coder ")));
        assertEquals("items[2].name", e.field());
        assertTrue(e.getMessage().contains("also the name of items[0]"), e.getMessage());
    }
}
