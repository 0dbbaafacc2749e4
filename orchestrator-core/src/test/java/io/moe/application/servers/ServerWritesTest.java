package io.moe.application.servers;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.infrastructure.secrets.SecretBox;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry writes check everything first: a refusal names its field and leaves the registry as it was. */
class ServerWritesTest {

    private final MemoryServerRegistry registry = new MemoryServerRegistry();
    private final SecretBox secrets = new SecretBox(new byte[32]);
    private final ServerWrites writes = writes(List.of());

    private ServerWrites writes(List<String> templatesNamingEveryServer) {
        ServerWrites w = new ServerWrites();
        w.registry = registry;
        w.locks = name -> {
        };
        w.secrets = secrets;
        w.references = new ServerReferences() {
            @Override
            public List<String> naming(String server) {
                return templatesNamingEveryServer;
            }
        };
        return w;
    }

    private static ServerInput input(String name, String url, Integer concurrency, String token) {
        return new ServerInput(name, url, null, token != null, token, concurrency, null, null, null);
    }

    @Test
    void anAddedServerTakesTheDefaultsAndKeepsItsTokenSealed() {
        ServerSettings s = writes.add(input("gpu2", "http://h:1/", null, "tok-123"), 5, 900);
        assertEquals(ApiType.OPENAI, s.apiType());
        assertEquals(5, s.concurrency());
        assertEquals(900, s.timeoutSeconds());
        assertEquals(BigDecimal.ONE, s.costFactor());
        assertTrue(s.enabled());
        assertTrue(s.hasToken());
        assertFalse(s.sealedToken().contains("tok-123"));
        assertEquals("tok-123", secrets.open(registry.withName("gpu2").orElseThrow().sealedToken()));
    }

    @Test
    void theServiceKeepsAtMost256Servers() {
        for (int i = 0; i < ServerWrites.MAX_SERVERS; i++) {
            writes.add(input("gpu" + i, "http://h:1", 1, null), 5, 900);
        }
        ServerRefusedException full = assertThrows(ServerRefusedException.class,
                () -> writes.add(input("one-more", "http://h:1", 1, null), 5, 900));
        assertEquals(Kind.CONFLICT, full.kind());
        assertEquals("too_many_servers", full.code());
        assertTrue(registry.withName("one-more").isEmpty());
    }

    @Test
    void aDuplicateNameIsAConflictAndAddsNothing() {
        writes.add(input("gpu2", "http://h:1", 2, null), 5, 900);
        ServerRefusedException e = assertThrows(ServerRefusedException.class,
                () -> writes.add(input("gpu2", "http://other:2", 3, null), 5, 900));
        assertEquals(Kind.CONFLICT, e.kind());
        assertEquals(1, registry.all().size());
        assertEquals(2, registry.all().get(0).concurrency());
    }

    @Test
    void anInvalidFieldOfAChangeNamesItAndChangesNothing() {
        ServerSettings s = writes.add(input("gpu2", "http://h:1", 2, "t"), 5, 900);
        ServerRefusedException e = assertThrows(ServerRefusedException.class,
                () -> writes.change(s.id(), new ServerInput(null, "http://new:9", null, false, null, 0, null, null, null)));
        assertEquals("concurrency", e.field());
        assertEquals(s, registry.withId(s.id()).orElseThrow());
    }

    @Test
    void aChangeKeepsWhatItDoesNotName() {
        ServerSettings s = writes.add(input("gpu2", "http://h:1", 2, "t"), 5, 900);
        ServerSettings after = writes.change(s.id(), new ServerInput(null, null, "ollama", false, null, 7, 60,
                new BigDecimal("2.5"), false));
        assertEquals("http://h:1", after.url().toString());
        assertEquals(s.sealedToken(), after.sealedToken());
        assertEquals(ApiType.OLLAMA, after.apiType());
        assertEquals(7, after.concurrency());
        assertEquals(60, after.timeoutSeconds());
        assertFalse(after.enabled());
        assertEquals(s.createdAt(), after.createdAt());
        assertNull(writes.change(s.id(), new ServerInput(null, null, null, true, "", null, null, null, null)).sealedToken());
    }

    @Test
    void anUnknownServerIsNotFound() {
        assertEquals(Kind.NOT_FOUND, assertThrows(ServerRefusedException.class,
                () -> writes.change("nope", input(null, null, null, null))).kind());
        assertEquals(Kind.NOT_FOUND, assertThrows(ServerRefusedException.class, () -> writes.remove("nope")).kind());
    }

    @Test
    void aServerATemplateNamesCannotBeDeletedOrRenamed() {
        ServerSettings s = writes.add(input("gpu2", "http://h:1", 2, null), 5, 900);
        ServerWrites guarded = writes(List.of("template 'default'"));
        ServerRefusedException delete = assertThrows(ServerRefusedException.class, () -> guarded.remove(s.id()));
        assertEquals(Kind.CONFLICT, delete.kind());
        assertTrue(delete.getMessage().contains(": template 'default' name it"), delete.getMessage());
        assertEquals(Kind.CONFLICT, assertThrows(ServerRefusedException.class,
                () -> guarded.change(s.id(), input("gpu3", null, null, null))).kind());
        assertEquals("gpu2", registry.withId(s.id()).orElseThrow().name());
        assertEquals(4, guarded.change(s.id(), input(null, null, 4, null)).concurrency(), "other changes are fine");
        writes.remove(s.id());
        assertTrue(registry.isEmpty());
    }

    @Test
    void theSeedFillsOnlyAnEmptyRegistry() {
        List<ServerInput> seed = ServerSeed.parse(null, "http://127.0.0.1:11434", 5, 900);
        assertTrue(writes.seedIfEmpty(seed, 5, 900));
        assertEquals("local", registry.all().get(0).name());
        String id = registry.all().get(0).id();
        assertFalse(writes.seedIfEmpty(ServerSeed.parse("[{\"name\":\"other\",\"url\":\"http://o:1\"}]", "x", 5, 900), 5, 900));
        assertEquals(List.of(id), registry.all().stream().map(ServerSettings::id).toList());
    }

    @Test
    void anInvalidSeedNamesTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> writes.seedIfEmpty(
                ServerSeed.parse("[{\"name\":\"ok\",\"url\":\"http://o:1\"},{\"name\":\"Bad Name\",\"url\":\"http://o:1\"}]",
                        "x", 5, 900), 5, 900));
        assertTrue(e.getMessage().startsWith("moe.inference.servers"), e.getMessage());
        assertNotEquals(0, e.getMessage().length());
    }
}
