package io.moe.tools.legal;

/** One norm of a law: its designation ({@code § 433}, {@code Art 1}), heading and text. */
public record Section(String designation, String title, String text) {

    /** The designation reduced to its number for matching ("§ 433" → "433", "Art. 1" → "1"). */
    public String number() {
        return designation.replaceAll("(?i)^(§+|art\\.?|artikel)\\s*", "").trim();
    }
}
