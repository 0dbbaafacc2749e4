package io.moe.application.servers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** An in-memory {@link InferenceServerRegistry} for tests of the code above the port. */
public class MemoryServerRegistry implements InferenceServerRegistry {

    private final Map<String, ServerSettings> byId = new ConcurrentHashMap<>();

    @Override
    public List<ServerSettings> all() {
        List<ServerSettings> all = new ArrayList<>(byId.values());
        all.sort(Comparator.comparing(ServerSettings::name));
        return all;
    }

    @Override
    public Optional<ServerSettings> withId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public Optional<ServerSettings> withName(String name) {
        return byId.values().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    @Override
    public boolean isEmpty() {
        return byId.isEmpty();
    }

    @Override
    public void add(ServerSettings server) {
        byId.put(server.id(), server);
    }

    @Override
    public void replace(ServerSettings server) {
        byId.put(server.id(), server);
    }

    @Override
    public void remove(String id) {
        byId.remove(id);
    }
}
