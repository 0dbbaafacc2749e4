package io.moe.application.template;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * The most items a user keeps of their own, or the service keeps of its admin items, as an import meets it: the whole
 * file fits, or it is refused before anything is written, saying how far it would go (templates and coding-client
 * profiles alike).
 */
public final class ItemsCap {

    private ItemsCap() {
    }

    /**
     * Why writing the items named {@code importedNames} would take {@code keeper} ("you", "this service"), who keeps the
     * items named {@code keptNames}, past {@code max} {@code items} (such as "own templates"); empty when it fits. An
     * imported name kept already replaces that item and adds none.
     */
    public static Optional<String> overflow(Collection<String> keptNames, Collection<String> importedNames, int max, String items,
                                            String keeper) {
        Set<String> kept = Set.copyOf(keptNames);
        long added = importedNames.stream().filter(name -> !kept.contains(name)).count();
        if (added == 0 || kept.size() + added <= max) {
            return Optional.empty();
        }
        return Optional.of("this file would bring " + keeper + " to " + (kept.size() + added) + " " + items + " (" + kept.size() + " kept, "
                + added + " new); at most " + max + " are kept: import fewer or delete some first");
    }
}
