package io.moe.application.profile;

import io.moe.domain.profile.CcProfile;

/** The coding-client profile a request runs with: an admin profile or the caller's own, by its name. */
public record ResolvedProfile(String name, CcProfile profile, boolean own) {
}
