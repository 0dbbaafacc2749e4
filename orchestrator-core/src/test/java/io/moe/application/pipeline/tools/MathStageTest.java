package io.moe.application.pipeline.tools;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MathStageTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "What is 2 + 3?|2 + 3",
            "Solve x^2 - 5x + 6 = 0 for x|x^2 - 5x + 6 = 0",
            "Compute (17 * 23) / 7, please.|(17 * 23) / 7",
            "How much is sqrt(2) * 3|sqrt(2) * 3",
            "What is 10 - 20?|10 - 20",
            "Solve 3x^2-12=0|3x^2-12=0",
            "Compute 100/4/5|100/4/5",
            "What is 1.5 * 2.25?|1.5 * 2.25"
    })
    void findsTheFormulaInATask(String task, String formula) {
        assertEquals(formula, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource({"Explain what a derivative is", "Who was Euler"})
    void aTaskWithoutAFormulaHasNone(String task) {
        assertEquals(null, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "what day of the week was 1989-11-09?",
            "Which weekday was 1989-11-09T18:00?",
            "What happened on 11/09/1989?",
            "What happened on 09.11.1989?"
    })
    void aDateIsNotArithmetic(String task) {
        assertEquals(null, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "What changed between version 1.2.3 and 1.2.10?",
            "Release 2.0.1-rc1 broke the build",
            "Upgrade from 4.10.14+build.7 now"
    })
    void aVersionIsNotArithmetic(String task) {
        assertEquals(null, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Ping 192.168.0.1 and tell me if it answers",
            "Which hosts are in 10.0.0.0/8?"
    })
    void anIpAddressIsNotArithmetic(String task) {
        assertEquals(null, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Call +49 30 1234-5678 tomorrow",
            "Call +1-202-555-0143 after lunch",
            "My number is (555) 123-4567",
            "My number is 555-123-4567"
    })
    void aPhoneNumberIsNotArithmetic(String task) {
        assertEquals(null, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Pick a number in 10-20",
            "Read pages 10-20, then 30-45."
    })
    void aRangeIsNotArithmetic(String task) {
        assertEquals(null, MathStage.formula(task).orElse(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Between 1989-11-09 and today, what is 12 * 12 + 1?|12 * 12 + 1",
            "In version 1.2.3, is 2 + 2 still 4?|2 + 2"
    })
    void theArithmeticNextToADateOrVersionIsStillFound(String task, String formula) {
        assertEquals(formula, MathStage.formula(task).orElse(null));
    }
}
