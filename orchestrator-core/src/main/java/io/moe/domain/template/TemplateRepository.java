package io.moe.domain.template;

import java.util.List;
import java.util.Optional;

/**
 * Port: the stored expert templates, each under a unique name. Writes join the caller's transaction and
 * are flushed at once, so a duplicate name fails inside the call that caused it.
 */
public interface TemplateRepository {

    Optional<ExpertTemplateRecord> withName(String name);

    Optional<ExpertTemplateRecord> withId(String id);

    /** Every template, ordered by name. */
    List<ExpertTemplateRecord> all();

    void add(ExpertTemplateRecord template);

    /** Writes the changes made to a template read from this repository ({@link ExpertTemplateRecord#change}). */
    void update(ExpertTemplateRecord template);

    void remove(ExpertTemplateRecord template);
}
