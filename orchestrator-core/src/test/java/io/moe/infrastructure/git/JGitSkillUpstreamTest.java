package io.moe.infrastructure.git;

import io.moe.application.skills.SkillRefusedException;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JGitSkillUpstreamTest {

    private static JGitSkillUpstream at(String url) {
        JGitSkillUpstream upstream = new JGitSkillUpstream();
        upstream.url = Optional.of(url);
        upstream.branch = "main";
        upstream.folder = Optional.empty();
        return upstream;
    }

    @Test
    void anUnreachableRepositorysRefusalKeepsTheTokenInItsUrlToItself() {
        JGitSkillUpstream upstream = at("http://ghp_Secret123:x-oauth@127.0.0.1:1/org/skills.git");

        SkillRefusedException refused = assertThrows(SkillRefusedException.class, () -> upstream.fetch(10));

        assertTrue(refused.getMessage().contains("127.0.0.1:1/org/skills.git"), refused.getMessage());
        assertFalse(refused.getMessage().contains("ghp_Secret123"), refused.getMessage());
        assertFalse(refused.getMessage().contains("x-oauth"), refused.getMessage());
        assertFalse(upstream.location().contains("ghp_Secret123"), upstream.location());
    }
}
