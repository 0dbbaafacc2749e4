package io.moe.application.tools;

import java.util.List;
import java.util.Optional;

/** Port: the saved tool cases of the tool evaluation, in name order. */
public interface ToolCaseStore {

    List<ToolCase> all();

    Optional<ToolCase> withName(String name);

    void add(ToolCase toolCase);

    /** Removes the case; false when there was none with that id. */
    boolean remove(String id);
}
