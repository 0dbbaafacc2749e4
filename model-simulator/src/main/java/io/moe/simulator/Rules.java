package io.moe.simulator;

import jakarta.json.JsonObject;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** The scripted rules, matched in the order they were added; a used-up rule no longer matches. */
final class Rules {

    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();

    Rule add(JsonObject body) {
        Rule rule = Rule.of("r" + ids.incrementAndGet(), body);
        rules.add(rule);
        return rule;
    }

    boolean remove(String id) {
        return rules.removeIf(r -> r.id().equals(id));
    }

    void clear() {
        rules.clear();
    }

    Optional<Rule> take(SimRequest request, Role role, String category) {
        for (Rule rule : rules) {
            if (rule.matches(request, role, category) && rule.consume()) {
                return Optional.of(rule);
            }
        }
        return Optional.empty();
    }
}
