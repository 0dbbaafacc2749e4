package io.moe.benchmark;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Questions that differ in meaning, not only in an id: the semantic cache would answer questions that differ only in
 * a number from its first answer, and a benchmark of the pipeline would measure the cache.
 */
final class Questions {

    private static final List<String> WORDS = List.of("glacier", "violin", "mortgage", "enzyme", "volcano", "sonnet",
            "satellite", "bakery", "tariff", "orchid", "compiler", "cathedral", "hurricane", "antibody", "saxophone",
            "pension", "meteorite", "tapestry", "algorithm", "vineyard", "submarine", "parliament", "fossil", "espresso",
            "telescope", "marathon", "harvest", "lighthouse", "galaxy", "ceramic", "referendum", "migraine", "bicycle",
            "monsoon", "origami", "vaccine", "railway", "opera", "coral", "inflation", "photosynthesis", "chess",
            "earthquake", "manuscript", "turbine", "wildfire", "bamboo", "cryptography", "pyramid", "jazz", "tundra",
            "insulin", "skyscraper", "folklore", "magnet", "honeybee", "courtroom", "sourdough", "avalanche", "quantum");
    private static final List<String> ASKS = List.of("How does %s influence %s in the context of %s?",
            "Compare %s with %s, and say what %s has to do with both.", "Why would a %s expert care about %s and %s?",
            "Explain the link between %s, %s and %s to a child.");

    private Questions() {
    }

    /** A question about three random topics, none of whose words is longer than {@code letters}. */
    static String randomWithShortWords(int letters) {
        String question;
        do {
            question = random();
        } while (java.util.Arrays.stream(question.split("[^\\p{L}\\p{N}]+")).anyMatch(w -> w.length() > letters));
        return question;
    }

    /** A question about three random topics. */
    static String random() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return String.format(ASKS.get(r.nextInt(ASKS.size())), WORDS.get(r.nextInt(WORDS.size())),
                WORDS.get(r.nextInt(WORDS.size())), WORDS.get(r.nextInt(WORDS.size())));
    }
}
