package io.moe.application.identity;

import io.moe.domain.shared.PlainText;
import io.moe.application.shared.Listing;
import io.moe.application.shared.UnitOfWork;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.ApiKeySecret;
import io.moe.domain.identity.Permission;
import io.moe.domain.identity.PermissionRepository;
import io.moe.domain.identity.ResourceIds;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.identity.SystemAccount;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.TokenBudgetRepository;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.identity.UserSearch;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.template.TemplateRepository;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Users, their keys, budgets and permissions, as the admin API changes them. Every input is checked
 * before anything is written (no partial rows), and every change that affects key checking drops the
 * user's key-cache entries at once. The last active admin cannot be demoted, deactivated or deleted
 * (409 {@code last_admin}): the admin rows are locked while counted, so two admins demoting each other
 * at the same moment cannot both succeed.
 */
@ApplicationScoped
@UnitOfWork
public class UserAdministration {

    /** The latest year a key may expire in: the database's timestamps end long after, but not at any year a client names. */
    static final int LAST_EXPIRY_YEAR = 9999;

    /** Usable keys (neither revoked nor expired) one user may hold, whoever creates them: the user or an admin. */
    public static final int MAX_USABLE_KEYS = 50;

    /** Grants one user may hold. */
    public static final int MAX_GRANTS = 500;

    /**
     * Revoked and expired keys kept per user, the newest: older ones are deleted when a key is created, so a user who
     * makes short-lived keys again and again (a CI job) does not pile up rows. Usage rows keep the id of a deleted key.
     */
    public static final int KEPT_UNUSABLE_KEYS = 200;

    @Inject
    UserRepository accounts;

    @Inject
    TokenBudgetRepository budgets;

    @Inject
    PermissionRepository grants;

    @Inject
    ApiKeyRepository apiKeys;

    @Inject
    UsageLog usage;

    @Inject
    TemplateRepository adminTemplates;

    @Inject
    ProfileRepository adminProfiles;

    @Inject
    PasswordHasher passwords;

    @Inject
    KeyCache cache;

    @Inject
    AfterCommit afterCommit;

    @Inject
    PasswordResetStore resets;

    /** A freshly created key: the stored row and the raw key, which is shown this once. */
    public record CreatedKey(ApiKey key, String rawKey) {
    }

    /** Accounts listed in one answer of the admin API, at most. */
    public static final int MAX_LISTED_USERS = 1000;

    /** At most {@code limit} of the accounts {@code search} selects, in its order, after the first {@code offset}. */
    public List<UserAccount> search(UserSearch search, int offset, int limit) {
        return accounts.search(search, offset, limit);
    }

    /** How many accounts {@code search} selects. */
    public long count(UserSearch search) {
        return accounts.count(search);
    }

    /** At most {@code limit} accounts after the first {@code offset}, oldest first, and how many there are. */
    public Listing<UserAccount> page(int offset, int limit) {
        return new Listing<>(accounts.page(offset, limit), accounts.count());
    }

    /** The usernames of the accounts among {@code ids} (an unknown id has none). */
    public java.util.Map<String, String> usernames(java.util.Collection<String> ids) {
        java.util.Map<String, String> names = new java.util.HashMap<>();
        accounts.withIds(java.util.Set.copyOf(ids)).forEach(u -> names.put(u.id(), u.username()));
        return names;
    }

    public UserAccount user(String id) {
        return accounts.find(id).orElseThrow(() -> IdentityException.notFound("user", id));
    }

    private UserAccount locked(String id) {
        return accounts.lock(id).orElseThrow(() -> IdentityException.notFound("user", id));
    }

    /** Refuses any change to the system account: it must stay inactive, without keys, grants or a password to sign in with. */
    static void requireChangeable(String id) {
        if (SystemAccount.is(id)) {
            throw new IdentityException(Kind.CONFLICT, "system_account", null, "moe-system is the system account the knowledge "
                    + "ingest's model calls are booked to: it stays inactive, without keys, permissions or a budget of its own");
        }
    }

    public UserAccount create(String username, String email, String password, String displayName, boolean admin) {
        AccountRules.requireUsername(username);
        AccountRules.requireEmail(email);
        AccountRules.requirePassword(password);
        AccountRules.requireDisplayName(displayName);
        requireUniqueUsername(username, null);
        requireUniqueEmail(email, null);
        UserAccount user = new UserAccount(username, email, displayName, passwords.hash(password), admin);
        accounts.add(user);
        budgets.add(TokenBudget.unlimited(user.id()));
        return user;
    }

    /** Changes the given fields (null = unchanged). */
    public UserAccount update(String id, String email, String password, String displayName, Boolean admin, Boolean active) {
        requireChangeable(id);
        UserAccount user = user(id);
        if (email != null) {
            AccountRules.requireEmail(email);
            requireUniqueEmail(email, id);
        }
        if (password != null) {
            AccountRules.requirePassword(password);
        }
        if (displayName != null) {
            AccountRules.requireDisplayName(displayName);
        }
        if (Boolean.FALSE.equals(admin) || Boolean.FALSE.equals(active)) {
            // before any field changes: the admins are locked in id order while this row is not yet written (and so not
            // yet locked), so two admins taking each other's rights wait for one another instead of deadlocking
            requireAnotherActiveAdmin(user);
        }
        if (email != null) {
            user.changeEmail(email);
        }
        if (password != null) {
            user.changePassword(passwords.hash(password));
        }
        if (displayName != null) {
            user.changeDisplayName(displayName);
        }
        if (admin != null) {
            user.changeAdmin(admin);
        }
        if (active != null) {
            user.changeActive(active);
        }
        if (password != null || email != null || Boolean.FALSE.equals(active)) {
            resets.closeAll(id, Ids.nowUtc()); // a link handed out or mailed (to the old address) must not outlive the change
        }
        evict(id);
        return user;
    }

    /** Gives or takes the role "expert" (own templates and profiles in the portal, with a model_endpoint grant). */
    public UserAccount setExpert(String id, boolean expert) {
        requireChangeable(id);
        UserAccount user = user(id);
        user.changeExpert(expert);
        return user;
    }

    /** Soft delete: the user is blocked (is_active 0) and every key of theirs is refused from now on. */
    public UserAccount deactivate(String id) {
        requireChangeable(id);
        UserAccount user = user(id);
        requireAnotherActiveAdmin(user);
        user.changeActive(false);
        resets.closeAll(id, Ids.nowUtc());
        evict(id);
        return user;
    }

    /** The user's budget; one never set is unlimited (a read writes nothing, so two reads at once cannot clash). */
    public TokenBudget budget(String userId) {
        user(userId);
        return budgets.find(userId).orElseGet(() -> TokenBudget.unlimited(userId));
    }

    public TokenBudget setBudget(String userId, Long daily, Long monthly, Long total) {
        requireChangeable(userId);
        requireLimit("daily_limit", daily);
        requireLimit("monthly_limit", monthly);
        requireLimit("total_limit", total);
        locked(userId); // one change of this user's budget after another: the first stores the row
        TokenBudget budget = budgets.find(userId).orElseGet(() -> {
            TokenBudget added = TokenBudget.unlimited(userId);
            budgets.add(added);
            return added;
        });
        budget.change(daily, monthly, total);
        evict(userId);
        return budget;
    }

    public List<Permission> permissions(String userId) {
        user(userId);
        return grants.ofUser(userId);
    }

    /** Grants {@code resourceId} of {@code type}; granting what is already granted returns that grant. */
    public Permission grant(String userId, String type, String resourceId) {
        requireChangeable(userId);
        ResourceType resourceType = ResourceType.fromWireName(type == null ? "" : type).orElseThrow(() -> IdentityException
                .invalid("resource_type", "resource_type must be one of expert_template, cc_profile, model_endpoint, skill, mcp_tool, moe_mode"));
        String problem = ResourceIds.problem(resourceType, resourceId);
        if (problem != null) {
            throw IdentityException.invalid("resource_id", problem);
        }
        requireExisting(resourceType, resourceId);
        locked(userId); // the count and the new grant, one request for this user after another
        List<Permission> held = grants.ofUser(userId);
        for (Permission existing : held) {
            if (existing.resourceType() == resourceType && existing.resourceId().equals(resourceId)) {
                return existing;
            }
        }
        if (held.size() >= MAX_GRANTS) {
            throw new IdentityException(Kind.CONFLICT, "too_many_permissions", null,
                    MAX_GRANTS + " grants are the most one user may hold; revoke one first");
        }
        Permission permission = new Permission(userId, resourceType, resourceId);
        grants.add(permission);
        evict(userId);
        return permission;
    }

    /**
     * A template or profile is granted by its id, which only the service makes: one that names none is a mistake (a
     * typo, a deleted item), refused with 400. Skills, tools and model endpoints may be granted before they exist.
     */
    private void requireExisting(ResourceType type, String resourceId) {
        if (type == ResourceType.EXPERT_TEMPLATE && adminTemplates.withId(resourceId.substring("tmpl-".length())).isEmpty()) {
            throw IdentityException.invalid("resource_id", "no expert template has the id '" + resourceId
                    + "'; the grant names tmpl- and the id GET /api/expert-templates gives");
        }
        if (type == ResourceType.CC_PROFILE && adminProfiles.withId(resourceId.substring("profile-".length())).isEmpty()) {
            throw IdentityException.invalid("resource_id", "no coding-client profile has the id '" + resourceId
                    + "'; the grant names profile- and the id GET /api/profiles gives");
        }
    }

    public void revoke(String userId, String permissionId) {
        Permission permission = grants.find(permissionId).filter(p -> p.userId().equals(userId))
                .orElseThrow(() -> IdentityException.notFound("permission", permissionId));
        grants.remove(permission);
        evict(userId);
    }

    public List<ApiKey> keys(String userId) {
        user(userId);
        return apiKeys.ofUser(userId);
    }

    /**
     * The moment a key given a last day expires: the start of the next UTC day. A day past the year
     * {@value #LAST_EXPIRY_YEAR} is refused here (the day after the last one a date can hold would overflow).
     */
    public static OffsetDateTime endOfDay(LocalDate lastDay) {
        if (lastDay.getYear() > LAST_EXPIRY_YEAR) {
            throw IdentityException.invalid("expires_at", "the last day must lie before the year " + (LAST_EXPIRY_YEAR + 1));
        }
        return lastDay.plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC);
    }

    /**
     * A new key for the user, at most {@value #MAX_USABLE_KEYS} usable at once: the account is locked while its keys are
     * counted, so requests arriving together cannot pass the bound together. Beyond the newest
     * {@value #KEPT_UNUSABLE_KEYS} revoked or expired keys, older ones are deleted.
     */
    public CreatedKey createKey(String userId, String label, OffsetDateTime expiresAt) {
        requireChangeable(userId);
        locked(userId);
        if (label != null && label.length() > 200) {
            throw IdentityException.invalid("label", "label is limited to 200 characters");
        }
        if (PlainText.hasControlCharacters(label)) {
            throw IdentityException.invalid("label", "label must not contain control characters");
        }
        if (expiresAt != null && !expiresAt.isAfter(Ids.nowUtc())) {
            throw IdentityException.invalid("expires_at", "expires_at must lie in the future");
        }
        if (expiresAt != null && expiresAt.getYear() > LAST_EXPIRY_YEAR) {
            throw IdentityException.invalid("expires_at", "expires_at must lie before the year " + (LAST_EXPIRY_YEAR + 1)
                    + "; leave it out for a key that does not expire");
        }
        OffsetDateTime now = Ids.nowUtc();
        List<ApiKey> held = apiKeys.ofUser(userId);
        if (held.stream().filter(k -> k.isUsableAt(now)).count() >= MAX_USABLE_KEYS) {
            throw new IdentityException(Kind.CONFLICT, "too_many_keys", null,
                    MAX_USABLE_KEYS + " usable keys are the most one user may hold; revoke one first");
        }
        held.stream().filter(k -> !k.isUsableAt(now)).sorted(java.util.Comparator.comparing(ApiKey::createdAt).reversed())
                .skip(KEPT_UNUSABLE_KEYS).forEach(apiKeys::remove);
        ApiKeySecret secret = ApiKeySecret.generate();
        ApiKey key = new ApiKey(userId, secret, label, expiresAt);
        apiKeys.add(key);
        String hash = key.keyHash();
        cache.keyCreated(hash);
        afterCommit.run(() -> cache.keyCreated(hash));
        return new CreatedKey(key, secret.raw());
    }

    public ApiKey revokeKey(String userId, String keyId) {
        ApiKey key = apiKeys.find(keyId).filter(k -> k.userId().equals(userId))
                .orElseThrow(() -> IdentityException.notFound("key", keyId));
        key.revoke();
        cache.evictKey(key.keyHash());
        evict(userId);
        return key;
    }

    public List<UsageEntry> recentUsage(String userId, int max) {
        user(userId);
        return usage.recent(userId, max);
    }

    /** Sums of the user's usage rows: [requests, prompt, completion, total] per status, over all time. */
    public List<Object[]> usageTotals(String userId) {
        user(userId);
        return usage.totals(userId);
    }

    /**
     * Takes every grant of a resource that is being deleted (an admin template, a profile) from whoever holds it, in the
     * deletion's transaction: a grant may name only what exists, and a dead one would still count toward the user's 500.
     */
    public void revokeEverywhere(ResourceType type, String resourceId) {
        for (Permission grant : grants.ofResource(type, resourceId)) {
            grants.remove(grant);
            evict(grant.userId());
        }
    }

    /**
     * Drops the user's cached keys now and again after the commit, so no request can re-cache the
     * state of before the change in between.
     */
    private void evict(String userId) {
        cache.evictUser(userId);
        afterCommit.run(() -> cache.evictUserAfterCommit(userId));
    }

    /** Refuses to take away the admin rights of {@code user} when no other active admin would remain. */
    private void requireAnotherActiveAdmin(UserAccount user) {
        if (!user.isAdmin() || !user.isActive()) {
            return;
        }
        List<UserAccount> admins = accounts.lockActiveAdmins();
        if (admins.stream().noneMatch(a -> !a.id().equals(user.id()))) {
            throw new IdentityException(Kind.CONFLICT, "last_admin", null, "'" + user.username()
                    + "' is the last active admin; make another user an admin first, so that someone can still manage the service");
        }
    }

    private static void requireLimit(String field, Long value) {
        if (value != null && value < 0) {
            throw IdentityException.invalid(field, field + " must be a whole number of tokens ≥ 0, or null for unlimited");
        }
    }

    private void requireUniqueUsername(String username, String exceptId) {
        accounts.withUsername(username).filter(u -> !u.id().equals(exceptId)).ifPresent(u -> {
                    throw new IdentityException(Kind.CONFLICT, "duplicate", "username", "the username '" + username + "' is taken");
                });
    }

    private void requireUniqueEmail(String email, String exceptId) {
        accounts.withEmail(email).stream().filter(u -> !u.id().equals(exceptId)).findAny().ifPresent(u -> {
                    throw new IdentityException(Kind.CONFLICT, "duplicate", "email", "the email '" + email + "' is already used");
                });
    }
}
