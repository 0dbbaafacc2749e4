package io.moe.application.template;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.MemoryServerRegistry;
import io.moe.application.servers.ServerSettings;
import io.moe.domain.shared.Ids;
import io.moe.domain.template.ExpertRole;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.application.profile.MemoryProfileRepository;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.profile.ProfileSchema;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Template management above the port: names unique, servers known, the default kept, imports merge or replace. */
class TemplateAdministrationTest {

    private final MemoryTemplateRepository repository = new MemoryTemplateRepository();
    private final TemplateAdministration admin = new TemplateAdministration();
    private final MemoryProfileRepository profiles = new MemoryProfileRepository();
    private final List<UserProfileRecord> ownProfiles = new java.util.ArrayList<>();
    private final List<String> locked = new java.util.ArrayList<>();

    TemplateAdministrationTest() {
        MemoryServerRegistry servers = new MemoryServerRegistry();
        servers.add(new ServerSettings(Ids.newId(), "local", URI.create("http://127.0.0.1:1"), ApiType.OPENAI, null, 1, 30,
                BigDecimal.ONE, true, Ids.nowUtc(), Ids.nowUtc()));
        admin.templates = repository;
        admin.profiles = profiles;
        admin.userProfiles = (io.moe.domain.profile.UserProfileRepository) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[]{io.moe.domain.profile.UserProfileRepository.class}, (p, m, a) -> {
                    if (m.getName().equals("all")) {
                        return (int) a[0] >= ownProfiles.size() ? List.of() : ownProfiles.subList((int) a[0], ownProfiles.size());
                    }
                    throw new AssertionError(m.getName());
                });
        admin.locks = name -> locked.add(name);
        admin.checks = new TemplateChecks(servers);
        admin.defaultName = "default";
    }

    private static String template(String name, String model) {
        return "{\"name\":\"" + name + "\",\"experts\":{\"general\":{\"models\":[{\"model\":\"" + model
                + "\",\"endpoint\":\"local\"}]}}}";
    }

    private static String file(String... items) {
        return "{\"type\":\"expert_template\",\"scope\":\"admin\",\"version\":\"1.0\",\"exported_at\":\"2026-01-01T00:00:00Z\","
                + "\"items\":[" + String.join(",", items) + "]}";
    }

    private String modelOf(String name) {
        return repository.withName(name).orElseThrow().template().expert("general").orElseThrow().models().get(0).model();
    }

    @Test
    void aModelOnAnUnknownServerIsRefusedNamingTheField() {
        TemplateRefusedException e = assertThrows(TemplateRefusedException.class, () -> admin.create(
                "{\"name\":\"x\",\"judge_model\":\"j:32b@gpu9\",\"experts\":{\"general\":{\"models\":[{\"model\":\"m\",\"endpoint\":\"local\"}]}}}"));
        assertEquals(Kind.INVALID, e.kind());
        assertEquals("judge_model", e.field());
        assertTrue(e.getMessage().contains("gpu9") && e.getMessage().contains("[local]"), e.getMessage());
        assertEquals(List.of(), repository.all());
    }

    @Test
    void theServiceKeepsAThousandTemplatesAndAnImportPastThemWritesNothing() {
        for (int i = 0; i < TemplateAdministration.MAX_TEMPLATES - 1; i++) {
            admin.create(template("t" + i, "m1"));
        }
        TemplateRefusedException overflow = assertThrows(TemplateRefusedException.class,
                () -> admin.importFile(file(template("t0", "m2"), template("new-a", "m1"), template("new-b", "m1")), ImportMode.REPLACE));
        assertEquals("too_many_templates", overflow.code());
        assertEquals("this file would bring this service to 1001 expert templates (999 kept, 2 new); at most 1000 are kept:"
                + " import fewer or delete some first", overflow.getMessage());
        assertEquals("m1", modelOf("t0"), "nothing of the refused file was written");

        admin.create(template("last", "m1"));
        TemplateRefusedException full = assertThrows(TemplateRefusedException.class, () -> admin.create(template("one-more", "m1")));
        assertEquals(Kind.CONFLICT, full.kind());
        assertEquals("too_many_templates", full.code());
        assertEquals(TemplateAdministration.MAX_TEMPLATES, repository.all().size());
        assertEquals(java.util.Set.of("expert_templates"), java.util.Set.copyOf(locked), "every count under the table's lock");
        assertEquals(TemplateAdministration.MAX_TEMPLATES + 2, locked.size(), "each create and the import took it");
    }

    @Test
    void aTakenNameIsAConflict() {
        admin.create(template("a", "m1"));
        TemplateRefusedException e = assertThrows(TemplateRefusedException.class, () -> admin.create(template("a", "m2")));
        assertEquals(Kind.CONFLICT, e.kind());
        String b = admin.create(template("b", "m1")).id();
        assertEquals(Kind.CONFLICT, assertThrows(TemplateRefusedException.class, () -> admin.change(b, template("a", "m1"))).kind());
    }

    @Test
    void aTemplateAProfileNamesCannotBeRenamedOrDeletedButCanBeChanged() {
        String id = admin.create(template("coding", "m1")).id();
        profiles.add(new CcProfileRecord(ProfileSchema.parse("{\"name\":\"coder\",\"accepted_models\":[\"claude-sonnet-4-5\"],"
                + "\"tool_model\":\"m:7b\",\"tool_endpoint\":\"local\",\"moe_mode\":\"moe_orchestrated\",\"expert_template\":\"coding\"}")));

        TemplateRefusedException renamed = assertThrows(TemplateRefusedException.class, () -> admin.change(id, template("coding-v2", "m1")));
        assertEquals(Kind.CONFLICT, renamed.kind());
        assertTrue(renamed.getMessage().contains("profile 'coder'") && renamed.getMessage().contains("renamed"), renamed.getMessage());
        assertEquals(Kind.CONFLICT, assertThrows(TemplateRefusedException.class, () -> admin.remove(id)).kind());
        assertEquals("m1", modelOf("coding"), "nothing changed");

        admin.change(id, template("coding", "m2"));
        assertEquals("m2", modelOf("coding"));
    }

    @Test
    void aTemplateAUsersOwnProfileNamesCannotBeDeletedEither() {
        String id = admin.create(template("team", "m1")).id();
        ownProfiles.add(new UserProfileRecord("u7", ProfileSchema.parse("{\"name\":\"mine\",\"accepted_models\":[\"claude-sonnet-4-5\"],"
                + "\"tool_model\":\"m:7b\",\"tool_endpoint\":\"local\",\"moe_mode\":\"moe_orchestrated\",\"expert_template\":\"team\"}")));

        TemplateRefusedException e = assertThrows(TemplateRefusedException.class, () -> admin.remove(id));
        assertEquals(Kind.CONFLICT, e.kind());
        assertTrue(e.getMessage().contains("own profile 'mine' of user u7"), e.getMessage());
    }

    @Test
    void theDefaultTemplateCannotBeDeletedOrRenamedButCanBeChanged() {
        String id = admin.create(template("default", "m1")).id();
        TemplateRefusedException e = assertThrows(TemplateRefusedException.class, () -> admin.remove(id));
        assertEquals(Kind.CONFLICT, e.kind());
        assertTrue(e.getMessage().contains("moe.template.default"), e.getMessage());
        assertEquals(Kind.CONFLICT, assertThrows(TemplateRefusedException.class, () -> admin.change(id, template("other", "m1"))).kind());
        admin.change(id, template("default", "m2"));
        assertEquals("m2", modelOf("default"));
    }

    @Test
    void mergeSkipsTakenNamesAndNamelessEntries() {
        admin.create(template("a", "old"));
        ImportResult r = admin.importFile(file(template("a", "new"), template("b", "new"), "{\"name\":\"\"}"), ImportMode.MERGE);
        assertEquals(new ImportResult(1, 2), r);
        assertEquals("old", modelOf("a"));
        assertEquals("new", modelOf("b"));
    }

    @Test
    void mergeSkipsATakenNameUnreadSoAServerGoneSinceTheExportDoesNotRefuseTheFile() {
        admin.create(template("a", "old"));
        String onGoneServer = "{\"name\":\"a\",\"experts\":{\"general\":{\"models\":[{\"model\":\"m\",\"endpoint\":\"gpu9\"}]}}}";
        assertEquals(new ImportResult(1, 1), admin.importFile(file(onGoneServer, template("b", "new")), ImportMode.MERGE));
        assertEquals("old", modelOf("a"));
        TemplateRefusedException e = assertThrows(TemplateRefusedException.class,
                () -> admin.importFile(file(onGoneServer), ImportMode.REPLACE), "replace writes it, so it is checked");
        assertEquals("items[0].experts.general.models[0].endpoint", e.field());
        assertEquals("old", modelOf("a"));
    }

    @Test
    void replaceOverwritesTakenNamesInPlace() {
        ExpertTemplateRecord a = admin.create(template("a", "old"));
        ImportResult r = admin.importFile(file(template("a", "new"), template("b", "new")), ImportMode.REPLACE);
        assertEquals(new ImportResult(2, 0), r);
        assertEquals("new", modelOf("a"));
        assertEquals(a.id(), repository.withName("a").orElseThrow().id(), "grants naming tmpl-<id> still apply");
    }

    @Test
    void oneBadItemRefusesTheWholeFileNamingItsPath() {
        TemplateRefusedException e = assertThrows(TemplateRefusedException.class, () -> admin.importFile(file(template("a", "m"),
                "{\"name\":\"b\",\"experts\":{\"general\":{\"models\":[{\"model\":\"m\",\"endpoint\":\"local\",\"role\":\"x\"}]}}}"),
                ImportMode.MERGE));
        assertEquals("items[1].experts.general.models[0].role", e.field());
        assertEquals(List.of(), repository.all(), "nothing of the file was written");
    }

    @Test
    void aFileOfTheOriginalSystemImports() {
        ImportResult r = admin.importFile(file("""
                {"name":"Code Expert","description":"","planner_prompt":"","judge_prompt":"","planner_model":"phi4:14b@local",
                 "judge_model":"","experts":{"code_reviewer":{"system_prompt":"Review.","models":[
                   {"model":"qwen2.5-coder:32b","endpoint":"local","required":true},{"model":"phi4:14b","endpoint":"local","required":false}]}}}
                """), ImportMode.MERGE);
        assertEquals(new ImportResult(1, 0), r);
        var models = repository.withName("Code Expert").orElseThrow().template().expert("code_reviewer").orElseThrow().models();
        assertEquals(ExpertRole.ALWAYS, models.get(0).role());
        assertEquals(ExpertRole.PRIMARY, models.get(1).role());
    }

    @Test
    void anUnknownModeIs400NamingMode() {
        assertEquals("mode", assertThrows(TemplateRefusedException.class, () -> ImportMode.of("append")).field());
        assertEquals(ImportMode.MERGE, ImportMode.of(null));
        assertEquals(ImportMode.REPLACE, ImportMode.of("replace"));
    }
}
