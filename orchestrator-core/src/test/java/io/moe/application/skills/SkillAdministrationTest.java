package io.moe.application.skills;

import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The skills the service keeps: at most 500, a full store still takes changes to the ones it has. */
class SkillAdministrationTest {

    private final Map<String, StoredSkill> kept = new LinkedHashMap<>();
    private final SkillAdministration skills = new SkillAdministration();

    SkillAdministrationTest() {
        skills.store = new SkillStore() {
            @Override
            public List<StoredSkill> all() {
                return new ArrayList<>(kept.values());
            }

            @Override
            public Optional<StoredSkill> named(String name) {
                return Optional.ofNullable(kept.get(name));
            }

            @Override
            public void write(StoredSkill skill) {
                kept.put(skill.name(), skill);
            }

            @Override
            public boolean delete(String name) {
                return kept.remove(name) != null;
            }
        };
    }

    private static String markdown(String name, String body) {
        return "---\nname: " + name + "\ndescription: a test skill\n---\n" + body + "\n";
    }

    @Test
    void halfACharacterIsRefusedBeforeAnythingIsWrittenAndAWholeOneIsKept() {
        SkillRefusedException refused = assertThrows(SkillRefusedException.class,
                () -> skills.save("broken", markdown("broken", "hi \ud800 there"), true));
        assertEquals(Kind.INVALID, refused.kind());
        assertTrue(refused.getMessage().contains("half a character at position"), refused.getMessage());
        assertEquals(Map.of(), kept);

        skills.save("smile", markdown("smile", "hi \ud83d\ude00"), true);
        assertTrue(kept.get("smile").markdown().contains("\ud83d\ude00"));
    }

    @Test
    void theServiceKeepsFiveHundredSkillsAndStillTakesChangesToThem() {
        for (int i = 0; i < SkillAdministration.MAX_SKILLS; i++) {
            skills.save("s" + i, markdown("s" + i, "Do it"), true);
        }
        SkillRefusedException full = assertThrows(SkillRefusedException.class, () -> skills.save("one-more", markdown("one-more", "x"), true));
        assertEquals(Kind.CONFLICT, full.kind());
        assertEquals("too_many_skills", full.code());
        assertEquals(SkillAdministration.MAX_SKILLS, kept.size());

        skills.save("s7", markdown("s7", "Do it better"), false);
        assertEquals("---\nname: s7\ndescription: a test skill\n---\nDo it better\n", kept.get("s7").markdown(), "a kept skill may change");
    }
}
