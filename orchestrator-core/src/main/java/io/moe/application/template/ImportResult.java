package io.moe.application.template;

/** What an import did: templates written (added or overwritten) and entries skipped (nameless, or taken in merge mode). */
public record ImportResult(int imported, int skipped) {
}
