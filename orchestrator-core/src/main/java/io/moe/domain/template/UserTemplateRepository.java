package io.moe.domain.template;

import java.util.List;
import java.util.Optional;

/** Port: the users' own expert templates. Writes join the caller's transaction and are flushed at once. */
public interface UserTemplateRepository {

    /** The template {@code id} if {@code userId} owns it; another user's template is as absent as a missing one. */
    Optional<UserTemplateRecord> ofUser(String userId, String id);

    /** The user's templates, ordered by name. */
    List<UserTemplateRecord> ofUser(String userId);

    /** Every active template of every user (the routing snapshot). */
    List<UserTemplateRecord> allActive();

    /** Every user's templates, by owner and name (the admin's /user-content): at most {@code limit} after the first {@code offset}. */
    List<UserTemplateRecord> all(int offset, int limit);

    /** How many templates all users keep together. */
    long count();

    Optional<UserTemplateRecord> withId(String id);

    void add(UserTemplateRecord template);

    void update(UserTemplateRecord template);

    void remove(UserTemplateRecord template);
}
