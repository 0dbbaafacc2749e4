package io.moe.application.skills;

import io.moe.application.pipeline.intake.Skill;
import io.moe.domain.identity.ResourceIds;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The rules of the skill files, for the admin JSON API and the /skills page alike: a name is what
 * {@code /name} can invoke (lower-case letters, digits, {@code _ . -}, at most 64, starting with a letter or
 * digit: no path can be formed from it); a file is at most {@value #MAX_BYTES} bytes of UTF-8 with front matter
 * whose {@code name} is the file's name. Upstream synchronisation lists what is new or changed before anything
 * is imported, and imports one skill at a time under the same rules.
 */
@ApplicationScoped
public class SkillAdministration {

    public static final int MAX_BYTES = 64 * 1024;
    public static final int MAX_UPSTREAM_SKILLS = 500;
    /**
     * Skills the service keeps at most (as many as an upstream may offer). Writes are one at a time on a node, so the
     * count and the write go together and two switches of one skill cannot lose its file.
     */
    public static final int MAX_SKILLS = 500;
    /** Why an upstream skill file the upstream holds but this service does not read (a null text) is refused. */
    static final String TOO_LARGE = "the skill file is larger than " + MAX_BYTES + " bytes, the most a skill may have";
    static final Pattern NAME = ResourceIds.SKILL;

    @Inject
    SkillStore store;

    @Inject
    SkillUpstream upstream;

    public List<StoredSkill> all() {
        return store.all();
    }

    public StoredSkill named(String name) {
        return store.named(checkedName(name)).orElseThrow(() -> unknown(name));
    }

    /** Creates skill {@code name}, refused when one of that name exists (a new skill never replaces another). */
    public synchronized StoredSkill create(String name, String markdown, boolean active) {
        if (store.named(checkedName(name)).isPresent()) {
            throw new SkillRefusedException(Kind.CONFLICT, "duplicate_name", "name",
                    "a skill named '" + name + "' exists; choose another name, or edit that one");
        }
        return save(name, markdown, active);
    }

    /** Creates or replaces skill {@code name}; the Markdown's front matter must name it. */
    public synchronized StoredSkill save(String name, String markdown, boolean active) {
        StoredSkill skill = new StoredSkill(checkedName(name), active, checkedMarkdown(name, markdown, "markdown"));
        if (store.named(skill.name()).isEmpty() && store.all().size() >= MAX_SKILLS) {
            throw new SkillRefusedException(Kind.CONFLICT, "too_many_skills", null, MAX_SKILLS
                    + " skills are the most this service keeps; delete one first");
        }
        store.write(skill);
        return skill;
    }

    /** Switches skill {@code name} on or off. */
    public synchronized StoredSkill activate(String name, boolean active) {
        StoredSkill now = named(name);
        StoredSkill changed = new StoredSkill(now.name(), active, now.markdown());
        store.write(changed);
        return changed;
    }

    public synchronized void delete(String name) {
        if (!store.delete(checkedName(name))) {
            throw unknown(name);
        }
    }

    /** The upstream's skills beside the local ones: new, changed, same or invalid. Nothing is written. */
    public List<UpstreamSkill> pull() {
        Map<String, StoredSkill> local = store.all().stream().collect(Collectors.toMap(StoredSkill::name, Function.identity()));
        List<UpstreamSkill> compared = new ArrayList<>();
        for (StoredSkill theirs : fetchUpstream()) {
            Optional<String> problem = theirs.markdown() == null ? Optional.of(TOO_LARGE) : problem(theirs.name(), theirs.markdown());
            String description = theirs.markdown() == null ? "" : Skill.parse(theirs.markdown()).map(Skill::description).orElse("");
            String status = problem.isPresent() ? "invalid"
                    : !local.containsKey(theirs.name()) ? "new"
                    : local.get(theirs.name()).markdown().equals(theirs.markdown()) ? "same" : "changed";
            compared.add(new UpstreamSkill(theirs.name(), description, status, problem.orElse(null), theirs.markdown()));
        }
        return compared;
    }

    /** Imports upstream skill {@code name}, keeping whether a local one of that name was active (new ones are active). */
    public StoredSkill importFromUpstream(String name) {
        String checked = checkedName(name);
        StoredSkill theirs = fetchUpstream().stream().filter(s -> s.name().equals(checked)).findFirst()
                .orElseThrow(() -> new SkillRefusedException(Kind.NOT_FOUND, "skill_not_upstream", "name",
                        "the upstream " + upstream.location() + " has no skill '" + checked + "'; POST /api/skills/upstream/pull lists what it has"));
        if (theirs.markdown() == null) {
            throw new SkillRefusedException(Kind.TOO_LARGE, "invalid_skill", "name", "upstream skill '" + checked + "': " + TOO_LARGE);
        }
        boolean active = store.named(checked).map(StoredSkill::active).orElse(true);
        return save(checked, theirs.markdown(), active);
    }

    private List<StoredSkill> fetchUpstream() {
        if (!upstream.configured()) {
            throw new SkillRefusedException(Kind.CONFLICT, "no_upstream", null,
                    "no upstream skill repository is configured: set MOE_SKILLS_UPSTREAM_URL (and MOE_SKILLS_UPSTREAM_BRANCH)");
        }
        return upstream.fetch(MAX_UPSTREAM_SKILLS);
    }

    private static String checkedName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new SkillRefusedException(Kind.INVALID, "invalid_skill_name", "name", "a skill name is 1 to 64 characters: "
                    + "lower-case letters, digits, '_', '.', '-', starting with a letter or digit (it is what /name invokes)");
        }
        return name;
    }

    private static String checkedMarkdown(String name, String markdown, String field) {
        Optional<String> problem = problem(name, markdown);
        if (problem.isPresent()) {
            throw new SkillRefusedException(markdown != null && markdown.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES
                    ? Kind.TOO_LARGE : Kind.INVALID, "invalid_skill", field, problem.get());
        }
        return markdown.replace("\r\n", "\n");
    }

    /** The index of the first half of a UTF-16 surrogate pair without its other half, or -1. */
    static int unpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** Why a file would be refused, if it would. */
    static Optional<String> problem(String name, String markdown) {
        if (name == null || !NAME.matcher(name).matches()) {
            return Optional.of("the name '" + name + "' is no skill name (lower-case letters, digits, '_', '.', '-'; at most 64)");
        }
        if (markdown == null || markdown.isBlank()) {
            return Optional.of("the skill file is empty");
        }
        if (markdown.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return Optional.of("a skill file is at most " + MAX_BYTES + " bytes");
        }
        int broken = unpairedSurrogate(markdown);
        if (broken >= 0) {
            return Optional.of("the skill file holds half a character at position " + broken + " (a lone UTF-16 surrogate such as "
                    + "\\ud800, which no file can store); send whole characters");
        }
        Optional<Skill> parsed = Skill.parse(markdown);
        if (parsed.isEmpty()) {
            return Optional.of("a skill file starts with front matter: '---', 'name: " + name + "', 'description: …', '---', then the prompt");
        }
        if (!parsed.get().name().equals(name)) {
            return Optional.of("the front matter names '" + parsed.get().name() + "', but the skill is '" + name + "'");
        }
        if (parsed.get().body().isBlank()) {
            return Optional.of("the skill has no prompt after its front matter");
        }
        return Optional.empty();
    }

    private static SkillRefusedException unknown(String name) {
        return new SkillRefusedException(Kind.NOT_FOUND, "skill_not_found", "name", "there is no skill '" + name + "'");
    }
}
