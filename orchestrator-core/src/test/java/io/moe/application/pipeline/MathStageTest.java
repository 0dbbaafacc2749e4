package io.moe.application.pipeline;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MathStageTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "What is 2 + 3?|2 + 3",
            "Solve x^2 - 5x + 6 = 0 for x|x^2 - 5x + 6 = 0",
            "Compute (17 * 23) / 7, please.|(17 * 23) / 7",
            "How much is sqrt(2) * 3|sqrt(2) * 3"
    })
    void findsTheFormulaInATask(String task, String formula) {
        assertEquals(formula, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource({"Explain what a derivative is", "Who was Euler"})
    void aTaskWithoutAFormulaHasNone(String task) {
        assertEquals(null, MathStage.formula(task).orElse(null));
    }
}
