package io.moe.application.servers;

import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileMode;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.profile.UserProfileRepository;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.TemplateRepository;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.domain.template.UserTemplateRepository;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A server is named by the users' own templates and profiles too, not by the admin's templates alone. */
class ServerReferencesTest {

    @SuppressWarnings("unchecked")
    private static <T> T only(Class<T> type, String method, InvocationHandler answer) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, (p, m, a) -> {
            if (m.getName().equals(method)) {
                return answer.invoke(p, m, a);
            }
            throw new AssertionError(m.getName());
        });
    }

    private static ExpertTemplate template(String name, String server) {
        return ExpertTemplate.fromJson(Json.createReader(new StringReader("{\"name\":\"" + name + "\",\"experts\":{\"general\":"
                + "{\"models\":[{\"model\":\"g:8b\",\"endpoint\":\"" + server + "\"}]}}}")).readObject());
    }

    private static CcProfile profile(String name, String server) {
        return new CcProfile(name, List.of("claude-sonnet"), "coder:7b", server, ProfileMode.values()[0], CcProfile.TOOL_CHOICE_AUTO,
                CcProfile.DEFAULT_TOOL_MAX_TOKENS, CcProfile.DEFAULT_REASONING_MAX_TOKENS, null, true, null, null);
    }

    @Test
    void everyKindOfStoredConfigurationThatNamesTheServerIsListed() {
        ServerReferences references = new ServerReferences();
        references.templates = only(TemplateRepository.class, "all", (p, m, a) -> List.of());
        references.userTemplates = only(UserTemplateRepository.class, "all", (p, m, a) -> (int) a[0] > 0 ? List.of()
                : List.of(new UserTemplateRecord("u1", template("bob-fast", "gpu2")), new UserTemplateRecord("u2", template("other", "gpu9"))));
        references.profiles = only(ProfileRepository.class, "all", (p, m, a) -> List.of(new CcProfileRecord(profile("team-coder", "gpu2"))));
        references.userProfiles = only(UserProfileRepository.class, "all", (p, m, a) -> (int) a[0] > 0 ? List.of()
                : List.of(new UserProfileRecord("u3", profile("mine", "gpu2"))));

        assertEquals(List.of("own template 'bob-fast' of user u1", "profile 'team-coder'", "own profile 'mine' of user u3"),
                references.naming("gpu2"));
        assertEquals(List.of(), references.naming("gpu3"));
    }
}
