package io.moe.application.template;

import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateRepository;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** An in-memory {@link TemplateRepository} for tests of the code above the port; names stay unique as in the table. */
public class MemoryTemplateRepository implements TemplateRepository {

    private final Map<String, ExpertTemplateRecord> byId = new ConcurrentHashMap<>();

    @Override
    public Optional<ExpertTemplateRecord> withName(String name) {
        return byId.values().stream().filter(t -> t.name().equals(name)).findFirst();
    }

    @Override
    public Optional<ExpertTemplateRecord> withId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public List<ExpertTemplateRecord> all() {
        List<ExpertTemplateRecord> all = new ArrayList<>(byId.values());
        all.sort(Comparator.comparing(ExpertTemplateRecord::name));
        return all;
    }

    @Override
    public void add(ExpertTemplateRecord template) {
        if (withName(template.name()).isPresent()) {
            throw new IllegalStateException("unique constraint: " + template.name());
        }
        byId.put(template.id(), template);
    }

    @Override
    public void update(ExpertTemplateRecord template) {
        byId.put(template.id(), template);
    }

    @Override
    public void remove(ExpertTemplateRecord template) {
        byId.remove(template.id());
    }
}
