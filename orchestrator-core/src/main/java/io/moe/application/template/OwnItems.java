package io.moe.application.template;

import io.moe.domain.identity.Caller;
import jakarta.json.JsonObject;

import java.util.List;

/**
 * What a user may do with the items of their own they keep beside the admin's (own expert templates, own coding-client
 * profiles), each call as {@code caller}: another user's item is answered as missing (404), a caller who may not keep
 * such items is refused (403). {@code R} is the own item, {@code A} the admin item a user may copy.
 */
public interface OwnItems<R, A> {

    List<R> list(Caller caller);

    R get(Caller caller, String id);

    /** Creates an item from its JSON {@code body}. */
    R create(Caller caller, String body);

    /** Replaces an item by its JSON {@code body}. */
    R change(Caller caller, String id, String body);

    void remove(Caller caller, String id);

    /** Switches an item between active and inactive. */
    R toggle(Caller caller, String id);

    /** A copy of the admin item {@code adminId}, which the caller may use. */
    R copy(Caller caller, String adminId);

    /** The admin items the caller may copy. */
    List<A> copyable(Caller caller);

    /** The caller's items as an export file. */
    JsonObject export(Caller caller);

    /** Imports an export file's items as the caller's. */
    ImportResult importFile(Caller caller, String text, ImportMode mode);
}
