package io.moe.it;

import java.util.StringJoiner;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Random questions that are far apart in meaning, for tests that must not be answered from the semantic
 * cache: a random id alone does not move a question's embedding much, random words do.
 */
public final class Phrases {

    private static final String[] WORDS = ("anchor badger cactus dolphin ember falcon glacier harbor iguana jasmine kettle "
            + "lantern meadow nebula orchard pepper quartz raven saffron tundra umbrella volcano walrus xylophone yarrow "
            + "zeppelin almond bishop canyon dagger eclipse fjord goblet hammock igloo jaguar kayak lobster marble "
            + "nutmeg oyster parsley quiver riddle sphinx trumpet urchin velvet willow yogurt zinnia acorn blizzard "
            + "compass dune engine feather gravel hazel ivory juniper kiln lemur magnet nickel opal pelican quill "
            + "rocket sardine thistle turbine vinegar wombat axle beacon cobalt drizzle emerald fossil geyser hornet "
            + "inkwell jetty kelp ledger mosaic nectar obelisk prism quokka rhubarb saddle tapestry vortex walnut").split(" ");

    private Phrases() {
    }

    /**
     * A unique marker of letters only, e.g. "shape-abcdefab": test questions carry one so their simulator
     * calls can be found, and no digits, so the simulator's planner never mistakes it for arithmetic.
     */
    public static String marker(String prefix) {
        return prefix + "-" + java.util.UUID.randomUUID().toString().replace("-", "").chars()
                .mapToObj(c -> String.valueOf((char) (Character.isDigit(c) ? 'g' + (c - '0') : c))).reduce("", String::concat);
    }

    /** A question of six random words, e.g. "Tell me about kelp prism walrus ember gravel quill". */
    public static String random() {
        return "Tell me about " + words(6);
    }

    /** {@code n} random words separated by spaces. */
    public static String words(int n) {
        StringJoiner words = new StringJoiner(" ");
        for (int i = 0; i < n; i++) {
            words.add(WORDS[ThreadLocalRandom.current().nextInt(WORDS.length)]);
        }
        return words.toString();
    }
}
