package io.moe.application.profile;

import io.moe.domain.profile.InvalidProfileException;
import io.moe.domain.shared.Refusal;

/**
 * A refused profile operation: 400 for a profile or file that breaks the schema (the field named), 404 for
 * an unknown id, 409 for a taken name, 403 when a request has no profile to run with. Thrown before anything
 * is written, or inside the one transaction of the change.
 */
public class ProfileRefusedException extends Refusal {

    public ProfileRefusedException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }

    static ProfileRefusedException invalid(String field, String message) {
        return new ProfileRefusedException(Kind.INVALID, "invalid_profile", field, message);
    }

    static ProfileRefusedException invalid(InvalidProfileException e) {
        return new ProfileRefusedException(Kind.INVALID, "invalid_profile", e.field(), e.getMessage());
    }

    static ProfileRefusedException notFound(String id) {
        return new ProfileRefusedException(Kind.NOT_FOUND, "not_found", null, "no coding-client profile with id '" + id + "'");
    }

    static ProfileRefusedException duplicate(String name) {
        return new ProfileRefusedException(Kind.CONFLICT, "duplicate_name", "name", "a coding-client profile named '" + name
                + "' exists already; choose another name or change that profile");
    }
}
