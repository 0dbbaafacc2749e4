package io.moe.application.identity;

import io.moe.domain.identity.ResourceIds;
import io.moe.domain.identity.ResourceType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What users who come through single sign-on get, as an operator configured it: the grants every new account
 * gets ({@code moe.oidc.user-grants}: {@code type:resource} entries separated by commas or spaces, e.g.
 * {@code moe_mode:moe_orchestrated, model_endpoint:*@local}), and per provider group the grants and the role
 * {@code expert} its members get at every sign-in ({@code moe.oidc.group-grants}: rules separated by {@code ;},
 * each {@code group=entry entry …}, an entry being {@code type:resource} or {@code expert}, e.g.
 * {@code staff=moe_mode:moe_orchestrated; ml-team=expert model_endpoint:*@gpu}). An entry that names no
 * known resource type or an invalid id is reported by {@link #problems} and left out.
 */
public final class SsoGrantRules {

    /** One grant: a resource type and the id of the resource. */
    public record Grant(ResourceType type, String resourceId) {
    }

    /** What members of one group get. */
    public record GroupRule(boolean expert, List<Grant> grants) {
    }

    private final List<Grant> defaults;
    private final Map<String, GroupRule> groups;
    private final List<String> problems;

    private SsoGrantRules(List<Grant> defaults, Map<String, GroupRule> groups, List<String> problems) {
        this.defaults = List.copyOf(defaults);
        this.groups = Map.copyOf(groups);
        this.problems = List.copyOf(problems);
    }

    public static SsoGrantRules parse(String userGrants, String groupGrants) {
        List<String> problems = new ArrayList<>();
        List<Grant> defaults = new ArrayList<>();
        for (String entry : entries(userGrants)) {
            grant(entry, "moe.oidc.user-grants", problems).ifPresent(defaults::add);
        }
        Map<String, GroupRule> groups = new LinkedHashMap<>();
        for (String rule : (groupGrants == null ? "" : groupGrants).split(";")) {
            if (rule.isBlank()) {
                continue;
            }
            int eq = rule.indexOf('=');
            if (eq <= 0) {
                problems.add("moe.oidc.group-grants: '" + rule.strip() + "' is not group=entries");
                continue;
            }
            String group = rule.substring(0, eq).strip();
            boolean expert = false;
            List<Grant> grants = new ArrayList<>();
            for (String entry : entries(rule.substring(eq + 1))) {
                if (entry.equals("expert")) {
                    expert = true;
                } else {
                    grant(entry, "moe.oidc.group-grants (" + group + ")", problems).ifPresent(grants::add);
                }
            }
            groups.put(group, new GroupRule(expert, grants));
        }
        return new SsoGrantRules(defaults, groups, problems);
    }

    /** The grants of a new account. */
    public List<Grant> defaults() {
        return defaults;
    }

    /** The rule of each of {@code memberOf} that has one. */
    public List<GroupRule> rulesOf(List<String> memberOf) {
        return memberOf.stream().map(groups::get).filter(r -> r != null).toList();
    }

    /** The entries that were left out, with why. */
    public List<String> problems() {
        return problems;
    }

    private static List<String> entries(String text) {
        return text == null ? List.of() : List.of(text.strip().split("[,\\s]+")).stream().filter(s -> !s.isBlank()).toList();
    }

    private static Optional<Grant> grant(String entry, String where, List<String> problems) {
        int colon = entry.indexOf(':');
        Optional<ResourceType> type = colon <= 0 ? Optional.empty() : ResourceType.fromWireName(entry.substring(0, colon));
        if (type.isEmpty()) {
            problems.add(where + ": '" + entry + "' is not type:resource with a type of expert_template, cc_profile, model_endpoint, "
                    + "skill, mcp_tool or moe_mode");
            return Optional.empty();
        }
        String id = entry.substring(colon + 1);
        String problem = ResourceIds.problem(type.get(), id);
        if (problem != null) {
            problems.add(where + ": '" + entry + "': " + problem);
            return Optional.empty();
        }
        return Optional.of(new Grant(type.get(), id));
    }
}
