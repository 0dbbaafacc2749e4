package io.moe.application.events;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TripleTest {

    @Test
    void readsPipeSeparatedLinesAndNormalisesThePredicate() {
        List<Triple> triples = Triple.parse("1. Aspirin | treats | Headache\n- Water | part of | Ocean\nnot a triple\n");
        assertEquals(List.of(new Triple("Aspirin", "TREATS", "Headache"), new Triple("Water", "PART_OF", "Ocean")), triples);
    }

    @Test
    void predicatesThatCouldInjectCypherAreDropped() {
        assertEquals(List.of(), Triple.parse("a | TREATS]->(x) DETACH DELETE x // | b\nc | 9LIVES | d\ne |  | f"));
    }

    @Test
    void namesABundleCouldNotCarryAreDroppedTypographicOnesKept() {
        assertEquals(List.of(new Triple("Alzheimer\u2019s disease", "TREATED_BY", "Donepezil")),
                Triple.parse("{x} | TREATS | y\nAlzheimer\u2019s disease | treated by | Donepezil\nsee <b> | IS_A | tag\n"));
    }

    @Test
    void atMostEightTriplesPerAnswer() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            text.append("s").append(i).append(" | RELATES_TO | o").append(i).append('\n');
        }
        assertEquals(8, Triple.parse(text.toString()).size());
    }
}
