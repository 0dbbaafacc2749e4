package io.moe.application.routing;

import io.moe.application.servers.ApiType;
import io.moe.application.servers.InferenceServers;
import io.moe.application.servers.MemoryServerRegistry;
import io.moe.application.servers.ServerHealth;
import io.moe.application.servers.ServerProbes;
import io.moe.application.servers.ServerSettings;
import io.moe.application.spend.ModeNotPermittedException;
import io.moe.application.template.MemoryTemplateRepository;
import io.moe.application.template.TemplateCatalog;
import io.moe.application.template.UserTemplateCatalog;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.domain.template.UserTemplateRepository;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.mode.Mode;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.infrastructure.secrets.SecretBox;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The route order: admin template, mode, own template, native model@server, else 404 listing what the caller may use. */
class RouteResolverTest {

    private final MemoryTemplateRepository stored = new MemoryTemplateRepository();
    private final List<UserTemplateRecord> own = new ArrayList<>();
    private RouteResolver resolver;
    private ExpertTemplateRecord team;

    @BeforeEach
    void setUp() throws IOException {
        stored.add(record("default"));
        team = record("team-template");
        stored.add(team);
        MemoryServerRegistry registry = new MemoryServerRegistry();
        registry.add(new ServerSettings("s1", "gpu2", URI.create("http://gpu2:11434"), ApiType.OLLAMA, null, 2, 60,
                BigDecimal.ONE, true, OffsetDateTime.now(), OffsetDateTime.now()));
        InferenceServers servers = new InferenceServers(registry, new SecretBox(new byte[32]));
        servers.reload();
        resolver = new RouteResolver();
        resolver.templates = new TemplateCatalog(stored, "default", 60);
        resolver.servers = servers;
        resolver.ownTemplates = new UserTemplateCatalog(new UserTemplateRepository() {
            @Override
            public Optional<UserTemplateRecord> ofUser(String userId, String id) {
                return own.stream().filter(t -> t.userId().equals(userId) && t.id().equals(id)).findFirst();
            }

            @Override
            public List<UserTemplateRecord> ofUser(String userId) {
                return own.stream().filter(t -> t.userId().equals(userId)).toList();
            }

            @Override
            public List<UserTemplateRecord> allActive() {
                return own.stream().filter(UserTemplateRecord::isActive).toList();
            }

            @Override
            public List<UserTemplateRecord> all(int offset, int limit) {
                return own.stream().skip(offset).limit(limit).toList();
            }

            @Override
            public long count() {
                return own.size();
            }

            @Override
            public Optional<UserTemplateRecord> withId(String id) {
                return own.stream().filter(t -> t.id().equals(id)).findFirst();
            }

            @Override
            public void add(UserTemplateRecord template) {
                own.add(template);
            }

            @Override
            public void update(UserTemplateRecord template) {
            }

            @Override
            public void remove(UserTemplateRecord template) {
                own.remove(template);
            }
        }, 0);
        resolver.probes = new ServerProbes() {
            @Override
            public Optional<ServerHealth> health(String name) {
                return Optional.of(new ServerHealth(true, null, 1, List.of("coder:14b", "small:3b"), Instant.now()));
            }
        };
    }

    private static Caller caller(Map<ResourceType, Set<String>> grants) {
        return new Caller("u1", "alice", "k1", false, grants, null);
    }

    @Test
    void aTemplateNameNeedsItsGrant() {
        assertThrows(TemplateNotAuthorizedException.class, () -> resolver.resolve(caller(Map.of()), "team-template"));
        Route route = resolver.resolve(caller(Map.of(ResourceType.EXPERT_TEMPLATE, Set.of("tmpl-" + team.id()))), "team-template");
        Route.Pipeline pipeline = assertInstanceOf(Route.Pipeline.class, route);
        assertEquals("team-template", pipeline.template().name());
        assertEquals(Mode.DEFAULT, pipeline.mode());
    }

    @Test
    void aModeIdNeedsTheModesGrantAndRunsWithTheDefaultTemplate() {
        assertThrows(ModeNotPermittedException.class, () -> resolver.resolve(caller(Map.of()), "moe-orchestrator-code"));
        Route.Pipeline pipeline = assertInstanceOf(Route.Pipeline.class, resolver.resolve(
                caller(Map.of(ResourceType.MOE_MODE, Set.of("moe_orchestrated"))), "moe-orchestrator-code"));
        assertEquals(Mode.CODE, pipeline.mode());
        assertEquals("default", pipeline.template().name());
    }

    @Test
    void aNativeIdNeedsTheNativeModeGrantAndAnExactOrWildcardEndpointGrant() {
        assertThrows(ModeNotPermittedException.class, () -> resolver.resolve(caller(Map.of()), "coder:14b@gpu2"));
        Caller endpointOnly = caller(Map.of(ResourceType.MODEL_ENDPOINT, Set.of("*@gpu2")));
        ModeNotPermittedException noMode = assertThrows(ModeNotPermittedException.class, () -> resolver.resolve(endpointOnly, "coder:14b@gpu2"),
                "model_endpoint grants alone serve own templates, not direct calls");
        assertTrue(noMode.getMessage().contains("'native'"), noMode.getMessage());
        assertFalse(resolver.usableIds(endpointOnly).contains("coder:14b@gpu2"), "nor are direct ids offered");
        assertThrows(EndpointNotAuthorizedException.class, () -> resolver.resolve(caller(Map.of(ResourceType.MOE_MODE, Set.of("native"))),
                "coder:14b@gpu2"));
        Caller exact = caller(Map.of(ResourceType.MODEL_ENDPOINT, Set.of("coder:14b@gpu2"), ResourceType.MOE_MODE, Set.of("native")));
        Route.Native direct = assertInstanceOf(Route.Native.class, resolver.resolve(exact, "coder:14b@gpu2"));
        assertEquals("coder:14b", direct.model().model());
        assertEquals("gpu2", direct.server().name());
        assertThrows(EndpointNotAuthorizedException.class, () -> resolver.resolve(exact, "small:3b@gpu2"));
        Caller wildcard = caller(Map.of(ResourceType.MODEL_ENDPOINT, Set.of("*@gpu2"), ResourceType.MOE_MODE, Set.of("native")));
        assertInstanceOf(Route.Native.class, resolver.resolve(wildcard, "small:3b@gpu2"));
    }

    @Test
    void anythingElseIsNotFoundListingWhatTheCallerMayUse() {
        Caller caller = caller(Map.of(ResourceType.MOE_MODE, Set.of("moe_reasoning", "native"),
                ResourceType.MODEL_ENDPOINT, Set.of("*@gpu2")));
        RouteNotFoundException e = assertThrows(RouteNotFoundException.class, () -> resolver.resolve(caller, "gpt-9"));
        assertTrue(e.getMessage().contains("moe-orchestrator-research"), e.getMessage());
        assertTrue(e.getMessage().contains("coder:14b@gpu2") && e.getMessage().contains("small:3b@gpu2"), e.getMessage());
        assertFalse(e.getMessage().contains("moe-orchestrator-code"), "a mode that is not granted is not offered");
        assertThrows(RouteNotFoundException.class, () -> resolver.resolve(caller, "coder:14b@gpu9"), "an unknown server");
        assertFalse(e.getMessage().contains("*@gpu2"), "a wildcard grant is expanded, never offered itself: " + e.getMessage());
        assertFalse(resolver.usableIds(caller).contains("*@gpu2"));
        assertThrows(RouteNotFoundException.class, () -> resolver.resolve(caller, "*@gpu2"), "'*' is no model to send a server");
    }

    @Test
    void aTemplateNameComesBeforeAModeOfTheSameName() throws IOException {
        ExpertTemplateRecord shadow = record("moe-orchestrator");
        stored.add(shadow);
        resolver.templates.refresh();
        assertThrows(TemplateNotAuthorizedException.class, () -> resolver.resolve(
                caller(Map.of(ResourceType.MOE_MODE, Set.of("moe_orchestrated"))), "moe-orchestrator"));
    }

    @Test
    void anOwnActiveTemplateRunsForItsOwnerAloneWhileItsModelsAreGranted() throws IOException {
        UserTemplateRecord mine = new UserTemplateRecord("u1", record("my-pipeline").template());
        own.add(mine);
        Caller owner = caller(Map.of(ResourceType.MODEL_ENDPOINT, Set.of("*@local")));
        Route.Pipeline pipeline = assertInstanceOf(Route.Pipeline.class, resolver.resolve(owner, "my-pipeline"));
        assertEquals("my-pipeline", pipeline.template().name());
        assertTrue(resolver.usableIds(owner).contains("my-pipeline"), "/v1/models lists it");

        Caller stranger = new Caller("u2", "bob", "k2", false, Map.of(ResourceType.MODEL_ENDPOINT, Set.of("*@local")), null);
        assertThrows(RouteNotFoundException.class, () -> resolver.resolve(stranger, "my-pipeline"), "another user's template is unknown");
        assertFalse(resolver.usableIds(stranger).contains("my-pipeline"));

        assertThrows(EndpointNotAuthorizedException.class, () -> resolver.resolve(caller(Map.of()), "my-pipeline"),
                "a grant taken away stops the template");

        mine.toggle();
        resolver.ownTemplates.invalidate();
        assertThrows(RouteNotFoundException.class, () -> resolver.resolve(owner, "my-pipeline"), "an inactive template is not selectable");
    }

    @Test
    void anOwnTemplateAnAdminTemplateCameToHideIsNotOffered() throws IOException {
        own.add(new UserTemplateRecord("u1", record("team-template").template())); // kept before the admin's took the name
        Caller owner = caller(Map.of(ResourceType.MODEL_ENDPOINT, Set.of("*@local")));
        assertThrows(TemplateNotAuthorizedException.class, () -> resolver.resolve(owner, "team-template"), "the name runs the admin's");
        assertFalse(resolver.usableIds(owner).contains("team-template"), "so /v1/models does not offer it");
    }

    @Test
    void modesComeBeforeOwnTemplates() throws IOException {
        own.add(new UserTemplateRecord("u1", record("moe-orchestrator").template()));
        Caller owner = caller(Map.of(ResourceType.MODEL_ENDPOINT, Set.of("*@local"), ResourceType.MOE_MODE, Set.of("moe_orchestrated")));
        Route.Pipeline pipeline = assertInstanceOf(Route.Pipeline.class, resolver.resolve(owner, "moe-orchestrator"));
        assertEquals("default", pipeline.template().name());
    }

    private static ExpertTemplateRecord record(String name) throws IOException {
        try (InputStream in = RouteResolverTest.class.getResourceAsStream("/templates/default-template.json")) {
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\"name\": \"default\"", "\"name\": \"" + name + "\"");
            return new ExpertTemplateRecord(ExpertTemplate.parse(json), json);
        }
    }
}
