package io.moe.application.template;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * The most items of their own a user keeps, as an import meets it: the whole file fits, or it is refused before
 * anything is written, saying how far it would go (own templates and own coding-client profiles alike).
 */
public final class OwnItemsCap {

    private OwnItemsCap() {
    }

    /**
     * Why writing the items named {@code importedNames} would take a user who keeps the items named {@code keptNames}
     * past {@code max} {@code items} (such as "own templates"); empty when it fits. An imported name the user keeps
     * already replaces that item and adds none.
     */
    public static Optional<String> overflow(Collection<String> keptNames, Collection<String> importedNames, int max, String items) {
        Set<String> kept = Set.copyOf(keptNames);
        long added = importedNames.stream().filter(name -> !kept.contains(name)).count();
        if (added == 0 || kept.size() + added <= max) {
            return Optional.empty();
        }
        return Optional.of("this file would bring you to " + (kept.size() + added) + " " + items + " (" + kept.size() + " kept, "
                + added + " new); at most " + max + " are kept: import fewer or delete some first");
    }
}
