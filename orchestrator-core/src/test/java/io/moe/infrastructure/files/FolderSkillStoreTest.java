package io.moe.infrastructure.files;

import io.moe.application.skills.StoredSkill;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The skills folder on a real file system: what a write leaves there. */
class FolderSkillStoreTest {

    @TempDir
    Path folder;

    private FolderSkillStore store() {
        FolderSkillStore store = new FolderSkillStore();
        store.dir = Optional.of(folder.toString());
        return store;
    }

    @Test
    void aSkillIsWrittenAsItsFileAndSwitchingItOffRenamesIt() throws IOException {
        FolderSkillStore store = store();
        store.write(new StoredSkill("notes", true, "---\nname: notes\n---\nTake notes\n"));
        store.write(new StoredSkill("notes", false, "---\nname: notes\n---\nTake notes\n"));
        assertEquals(List.of("notes.md.disabled"), files());
    }

    @Test
    void aFileThatCannotBeEncodedLeavesNothingBehind() throws IOException {
        FolderSkillStore store = store();
        assertThrows(UncheckedIOException.class, () -> store.write(new StoredSkill("broken", true, "---\nname: broken\n---\nhi \ud800\n")));
        assertEquals(List.of(), files(), "no temporary file and no half-written skill");
    }

    private List<String> files() throws IOException {
        try (Stream<Path> listed = Files.list(folder)) {
            return listed.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
