package io.moe.it.skills;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /api/skills: an admin creates a skill and a user's /name request is expanded with it, disables and deletes it;
 * bad names (path traversal), files without front matter and oversized files are refused naming the field with
 * nothing written; the upstream (a bare git repository the test makes) is listed as new/changed/same/invalid
 * before anything is imported, and one skill is imported.
 */
class SkillsIT {

    static final String API = ItConfig.adminUrl() + "/api/skills";
    static final Path FOLDER = Path.of(System.getProperty("moe.it.skills-dir", "target/it-skills"));

    static String file(String name, String description, String prompt) {
        return "---\nname: " + name + "\ndescription: " + description + "\n---\n" + prompt + "\n";
    }

    static String body(String markdown, boolean active) {
        return jakarta.json.Json.createObjectBuilder().add("markdown", markdown).add("active", active).build().toString();
    }

    /** The answer's trace, which is written just after the answer: polled for at most 20 s. */
    static JsonObject trace(String id, String key) {
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(20);
        HttpResponse<String> last;
        do {
            last = Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + id + "/trace", "Authorization", Http.bearer(key));
            if (last.statusCode() == 200) {
                return Http.object(last);
            }
        } while (java.time.Instant.now().isBefore(deadline));
        throw new AssertionError("no trace of " + id + ": " + last.statusCode() + " " + last.body());
    }

    @Test
    void anAdminCreatesDisablesAndDeletesASkillThatAUsersRequestUses() {
        String name = "it-" + UUID.randomUUID().toString().substring(0, 8);
        String marker = "SKILLMARK" + UUID.randomUUID().toString().substring(0, 6);
        HttpResponse<String> saved = Admin.put(API + "/" + name, body(file(name, "Repeat it", "Repeat " + marker + ": $ARGUMENTS"), true));
        assertEquals(200, saved.statusCode(), saved.body());
        assertTrue(Files.exists(FOLDER.resolve(name + ".md")), "written to the skills folder");
        assertEquals("Repeat it", Http.object(Admin.get(API + "/" + name)).getString("description"));

        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        Admin.grant(user, "skill", name);
        String key = Admin.newKey(user)[1];
        HttpResponse<String> asked = Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator", "/" + name + " the tide tables"),
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
        assertEquals(200, asked.statusCode(), asked.body());
        String id = Http.object(asked).getString("id");
        JsonObject trace = trace(id, key);
        assertEquals(name, trace.getString("skill", ""), "the request was expanded with the new skill: " + trace);

        // without the skill permission, even a streamed request is refused as a status before the stream opens
        String other = Admin.newUser();
        Admin.grant(other, "moe_mode", "moe_orchestrated");
        HttpResponse<String> refused = Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator", "/" + name + " the tide tables")
                        .replaceFirst("\\{", "{\"stream\":true,"),
                "Authorization", Http.bearer(Admin.newKey(other)[1]), "Content-Type", "application/json");
        assertEquals(403, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("skill permission '" + name + "'"), refused.body());

        HttpResponse<String> off = Admin.put(API + "/" + name + "/active", "{\"active\":false}");
        assertEquals(200, off.statusCode(), off.body());
        assertTrue(Files.exists(FOLDER.resolve(name + ".md.disabled")) && !Files.exists(FOLDER.resolve(name + ".md")), "renamed to .disabled");
        assertFalse(Http.object(Admin.get(API + "/" + name)).getBoolean("active"));

        assertEquals(200, Admin.delete(API + "/" + name).statusCode());
        assertEquals(404, Admin.get(API + "/" + name).statusCode());
        assertFalse(Files.exists(FOLDER.resolve(name + ".md.disabled")));
    }

    @Test
    void badNamesAndFilesAreRefusedNamingTheFieldAndNothingIsWritten() throws Exception {
        for (String bad : new String[]{"..%2F..%2Fetc", "Upper", "a%20b", "-leading", "x".repeat(65)}) {
            HttpResponse<String> r = Admin.put(API + "/" + bad, body(file("x", "d", "p"), true));
            assertTrue(r.statusCode() == 400 || r.statusCode() == 404, bad + " → " + r.statusCode() + " " + r.body());
        }
        String name = "it-bad-" + UUID.randomUUID().toString().substring(0, 8);
        HttpResponse<String> noFrontMatter = Admin.put(API + "/" + name, body("just a prompt", true));
        assertEquals(400, noFrontMatter.statusCode(), noFrontMatter.body());
        assertEquals("markdown", Http.object(noFrontMatter).getString("field"), noFrontMatter.body());
        HttpResponse<String> otherName = Admin.put(API + "/" + name, body(file("someone-else", "d", "p"), true));
        assertEquals(400, otherName.statusCode(), otherName.body());
        assertTrue(otherName.body().contains("someone-else"), otherName.body());
        HttpResponse<String> huge = Admin.put(API + "/" + name, body(file(name, "d", "p".repeat(70_000)), true));
        assertEquals(413, huge.statusCode(), huge.body());
        assertEquals(400, Admin.put(API + "/" + name + "/active", "{\"active\":\"yes\"}").statusCode());
        assertEquals(404, Admin.put(API + "/" + name + "/active", "{\"active\":true}").statusCode(), "no such skill");
        try (var files = Files.list(FOLDER)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(name)), "nothing written");
        }
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        int status = Http.get(API, "Authorization", Http.bearer(key)).statusCode();
        assertTrue(status == 401 || status == 403, "a user's key gets no skill API: " + status);
    }

    @Test
    void theUpstreamIsListedBeforeAnythingIsImportedAndOneSkillIsImported() throws Exception {
        String fresh = "up-new-" + UUID.randomUUID().toString().substring(0, 6);
        String changed = "up-chg-" + UUID.randomUUID().toString().substring(0, 6);
        String same = "up-same-" + UUID.randomUUID().toString().substring(0, 6);
        assertEquals(200, Admin.put(API + "/" + changed, body(file(changed, "old", "the old prompt"), false)).statusCode());
        assertEquals(200, Admin.put(API + "/" + same, body(file(same, "same", "the same prompt"), true)).statusCode());
        SkillUpstreamRepo.publish(Map.of(
                "skills/" + fresh + ".md", file(fresh, "brand new", "a new prompt $ARGUMENTS"),
                "skills/" + changed + ".md", file(changed, "new text", "the new prompt"),
                "skills/" + same + ".md", file(same, "same", "the same prompt"),
                "skills/Broken.md", "no front matter",
                "skills/huge.md", file("huge", "too large", "x".repeat(70_000)),
                "README.md", "not a skill: outside the skills folder"));

        HttpResponse<String> pulled = Admin.post(API + "/upstream/pull", "");
        if (pulled.statusCode() == 200 && Http.object(pulled).getJsonArray("skills").isEmpty()) {
            throw new AssertionError("the upstream folder is read: " + pulled.body());
        }
        assertEquals(200, pulled.statusCode(), pulled.body());
        Map<String, String> status = new java.util.HashMap<>();
        Http.object(pulled).getJsonArray("skills").getValuesAs(JsonObject.class).forEach(s -> status.put(s.getString("name"), s.getString("status")));
        assertEquals("new", status.get(fresh), pulled.body());
        assertEquals("changed", status.get(changed), pulled.body());
        assertEquals("same", status.get(same), pulled.body());
        assertEquals("invalid", status.get("Broken"), pulled.body());
        assertEquals("invalid", status.get("huge"), pulled.body());
        assertTrue(pulled.body().contains("the skill file is larger than 65536 bytes"), "not called empty: " + pulled.body());
        assertFalse(status.containsKey("README"), "only the configured folder's files are skills: " + pulled.body());
        assertEquals(404, Admin.get(API + "/" + fresh).statusCode(), "pull writes nothing");

        HttpResponse<String> imported = Admin.post(API + "/upstream/import/" + changed, "");
        assertEquals(200, imported.statusCode(), imported.body());
        JsonObject now = Http.object(Admin.get(API + "/" + changed));
        assertTrue(now.getString("markdown").contains("the new prompt"), now.toString());
        assertFalse(now.getBoolean("active"), "an imported skill keeps the local one's state");
        assertEquals(404, Admin.post(API + "/upstream/import/not-there", "").statusCode());
        assertEquals(400, Admin.post(API + "/upstream/import/Broken", "").statusCode(), "an invalid upstream skill is refused");
        assertEquals(413, Admin.post(API + "/upstream/import/huge", "").statusCode(), "a skill file too large to read is refused");
        Admin.delete(API + "/" + changed);
        Admin.delete(API + "/" + same);
    }
}
