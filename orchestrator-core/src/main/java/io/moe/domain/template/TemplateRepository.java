package io.moe.domain.template;

import java.util.List;
import java.util.Optional;

/** Port: the stored expert templates, each under a unique name. {@link #add} writes at once. */
public interface TemplateRepository {

    Optional<ExpertTemplateRecord> withName(String name);

    /** Every stored template, by name. */
    List<ExpertTemplateRecord> all();

    void add(ExpertTemplateRecord template);
}
