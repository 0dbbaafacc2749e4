package io.moe.application.profile;

import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileMode;
import io.moe.domain.profile.ProfileRepository;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Admin profiles in memory, for tests above the port. */
public final class MemoryProfileRepository implements ProfileRepository {

    private final List<CcProfileRecord> records = new ArrayList<>();
    /** Key id → profile id, and user id → default profile id; tests of this package set them directly. */
    final Map<String, String> keyBindings = new HashMap<>();
    final Map<String, String> defaults = new HashMap<>();

    /** Adds a profile of {@code name} on model sim-coder:7b@local with the given mode and accepted models. */
    public CcProfileRecord add(String name, ProfileMode mode, String... models) {
        CcProfileRecord record = new CcProfileRecord(new CcProfile(name, List.of(models), "sim-coder:7b", "local", mode,
                CcProfile.TOOL_CHOICE_AUTO, CcProfile.DEFAULT_TOOL_MAX_TOKENS, CcProfile.DEFAULT_REASONING_MAX_TOKENS, null, true, null, null));
        add(record);
        return record;
    }

    @Override
    public Optional<CcProfileRecord> withName(String name) {
        return records.stream().filter(r -> r.name().equals(name)).findFirst();
    }

    @Override
    public Optional<CcProfileRecord> withId(String id) {
        return records.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    @Override
    public List<CcProfileRecord> all() {
        return records.stream().sorted(Comparator.comparing(CcProfileRecord::name)).toList();
    }

    @Override
    public void add(CcProfileRecord profile) {
        records.add(profile);
    }

    @Override
    public void update(CcProfileRecord profile) {
    }

    @Override
    public void remove(CcProfileRecord profile) {
        records.remove(profile);
    }

    @Override
    public Optional<String> ofKey(String keyId) {
        return Optional.ofNullable(keyBindings.get(keyId));
    }

    @Override
    public KeyBinding bindingOf(String keyId) {
        return new KeyBinding(keyBindings.get(keyId), null);
    }

    @Override
    public Optional<String> defaultOf(String userId) {
        return Optional.ofNullable(defaults.get(userId));
    }

    @Override
    public boolean bindKey(String keyId, String profileId) {
        keyBindings.put(keyId, profileId);
        return true;
    }

    @Override
    public boolean bindUserDefault(String userId, String profileId) {
        defaults.put(userId, profileId);
        return true;
    }
}
