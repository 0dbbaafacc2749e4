package io.moe.application.profile;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.MemoryServerRegistry;
import io.moe.application.servers.ServerSettings;
import io.moe.application.template.ImportMode;
import io.moe.application.template.MemoryTemplateRepository;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The admin profiles the service keeps: at most 1,000, by one at a time or by an import. */
class ProfileAdministrationTest {

    private final MemoryProfileRepository repository = new MemoryProfileRepository();
    private final ProfileAdministration admin = new ProfileAdministration();
    private final java.util.List<String> locked = new java.util.ArrayList<>();

    ProfileAdministrationTest() {
        MemoryServerRegistry servers = new MemoryServerRegistry();
        servers.add(new ServerSettings(Ids.newId(), "local", URI.create("http://127.0.0.1:1"), ApiType.OPENAI, null, 1, 30,
                BigDecimal.ONE, true, Ids.nowUtc(), Ids.nowUtc()));
        ProfileChecks checks = new ProfileChecks();
        checks.servers = servers;
        checks.templates = new MemoryTemplateRepository();
        admin.profiles = repository;
        admin.checks = checks;
        admin.locks = name -> locked.add(name);
    }

    private static String profile(String name) {
        return "{\"name\":\"" + name + "\",\"accepted_models\":[\"claude-sonnet-4-5\"],\"tool_model\":\"m:7b\","
                + "\"tool_endpoint\":\"local\",\"moe_mode\":\"native\"}";
    }

    @Test
    void theServiceKeepsAThousandProfilesAndAnImportPastThemWritesNothing() {
        for (int i = 0; i < ProfileAdministration.MAX_PROFILES - 1; i++) {
            admin.create(profile("p" + i));
        }
        String file = "{\"type\":\"cc_profile\",\"scope\":\"admin\",\"version\":\"1.0\",\"exported_at\":\"2026-01-01T00:00:00Z\","
                + "\"items\":[" + profile("new-a") + "," + profile("new-b") + "]}";
        ProfileRefusedException overflow = assertThrows(ProfileRefusedException.class, () -> admin.importFile(file, ImportMode.MERGE));
        assertEquals("too_many_profiles", overflow.code());
        assertEquals(ProfileAdministration.MAX_PROFILES - 1, repository.all().size(), "nothing of the refused file was written");

        admin.create(profile("last"));
        ProfileRefusedException full = assertThrows(ProfileRefusedException.class, () -> admin.create(profile("one-more")));
        assertEquals(Kind.CONFLICT, full.kind());
        assertEquals("too_many_profiles", full.code());
        assertEquals(java.util.Set.of("cc_profiles"), java.util.Set.copyOf(locked), "every count under the table's lock");
    }
}
