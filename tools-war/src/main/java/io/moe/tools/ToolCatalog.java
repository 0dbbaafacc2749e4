package io.moe.tools;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The tools the server offers, by name, in the order they are listed. */
public final class ToolCatalog {

    private final Map<String, Tool> byName = new LinkedHashMap<>();

    public ToolCatalog(List<Tool> tools) {
        for (Tool tool : tools) {
            if (byName.put(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named " + tool.name());
            }
        }
    }

    public Optional<Tool> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Collection<Tool> all() {
        return byName.values();
    }
}
