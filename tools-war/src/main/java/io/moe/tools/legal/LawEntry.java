package io.moe.tools.legal;

/** One law of the table of contents: its short name in URLs ({@code bgb}), title, and xml.zip path. */
public record LawEntry(String slug, String title, String zipPath) {
}
