package io.moe.application.servers;

import io.moe.application.shared.Pages;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.profile.UserProfileRepository;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateRepository;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.domain.template.UserTemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What stored configuration (active or not) names a server in a model reference: the admin's and the users' own
 * templates (planner, judge, tool model or an expert), and the admin's and the users' own coding-client profiles
 * (tool model, reasoning model). A stored entry that no longer reads names nothing.
 */
@ApplicationScoped
public class ServerReferences {

    /** Users' templates and profiles are read in pages of this many. */
    private static final int PAGE = 1000;

    @Inject
    TemplateRepository templates;

    @Inject
    UserTemplateRepository userTemplates;

    @Inject
    ProfileRepository profiles;

    @Inject
    UserProfileRepository userProfiles;

    /** What names {@code server}, each as a person would look for it ("template 'x'", "own profile 'y' of user u1"). */
    public List<String> naming(String server) {
        List<String> naming = new ArrayList<>();
        for (ExpertTemplateRecord record : templates.all()) {
            add(naming, "template '" + record.name() + "'", () -> names(record.template(), server));
        }
        Pages.each(userTemplates::all, PAGE, (UserTemplateRecord r) -> add(naming, "own template '" + r.template().name()
                + "' of user " + r.userId(), () -> names(r.template(), server)));
        for (CcProfileRecord record : profiles.all()) {
            add(naming, "profile '" + record.profile().name() + "'", () -> names(record.profile(), server));
        }
        Pages.each(userProfiles::all, PAGE, (UserProfileRecord r) -> add(naming, "own profile '" + r.profile().name()
                + "' of user " + r.userId(), () -> names(r.profile(), server)));
        return naming;
    }

    private static void add(List<String> naming, String what, Supplier<Boolean> names) {
        try {
            if (names.get()) {
                naming.add(what);
            }
        } catch (RuntimeException unreadable) {
            // a stored entry that no longer reads names nothing
        }
    }

    static boolean names(ExpertTemplate template, String server) {
        return template.serverMentions().stream().anyMatch(m -> m.server().equals(server));
    }

    static boolean names(CcProfile profile, String server) {
        return profile.toolModelRef().endpoint().equals(server)
                || profile.reasoningModelRef().map(r -> r.endpoint().equals(server)).orElse(false);
    }
}
