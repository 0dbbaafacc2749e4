package io.moe.tools.math;

import io.moe.infrastructure.web.RefusalStatus;
import io.moe.tools.ToolCase;
import io.moe.tools.ToolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MathToolsTest {

    static final AlgebraPool ALGEBRA = new AlgebraPool(2, 16, Duration.ofSeconds(5));

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "(3 + 4) * 2^3|56|56",
            "1/3 + 1/6|1/2|0.5",
            "0.1 + 0.2|3/10|0.3",
            "15% of 80|12|12",
            "sqrt(2)|Sqrt(2)|1.4142135623730950488",
            "10 ÷ 4 × 2|5|5",
            "factorial(10)|3628800|3628800",
            "log(1000) + ln(e)|4|4",
            "abs(-7) + floor(2.7) + ceil(2.1)|12|12",
            "sin(pi/6)|1/2|0.5",
            "2^100|1267650600228229401496703205376|1267650600228229401496703205376",
            "mod(17,5)|2|2",
            "mod(17, 5) + 1,5|7/2|3.5",
            "2 * (1,25 + mod(10,4))|13/2|6.5",
            "sqrt(2,25)|3/2|1.5"})
    void calculatesExactly(String expression, String exact, String decimal) {
        var r = ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"" + expression + "\"}");
        assertEquals(exact, r.getString("exact"));
        assertEquals(decimal, r.getString("result"));
    }

    @Test
    void calculateNeverEvaluatesNamesOrFunctionsItDoesNotKnow() {
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"x + 1\"}", "invalid_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"SystemDialogInput()\"}", "invalid_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"1 +\"}", "invalid_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"1/0\"}", "invalid_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"factorial(100000)\"}", "invalid_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{}", "missing_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"power(2)\"}", "invalid_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"rational(1)\"}", "invalid_argument", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"factorial()\"}", "invalid_argument", "expression");
        ToolCase.refused(new SolveEquation(ALGEBRA), "{\"equation\":\"power(x) = 0\"}", "invalid_argument", "equation");
        ToolException arity = ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"mod(7)\"}", "invalid_argument", "expression");
        assertEquals("function 'mod' takes 2 arguments, not 1", arity.getMessage());
    }

    @Test
    void astronomicallyLargeValuesAreRefusedBeforeTheyExhaustMemory() {
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"9^9^9\"}", "result_too_large", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"factorial(factorial(10))\"}", "result_too_large", "expression");
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"(2^99999)^99999\"}", "result_too_large", "expression");
        ToolCase.refused(new SolveEquation(ALGEBRA), "{\"equation\":\"x = 10^10^10\"}", "result_too_large", "equation");
        assertEquals(30103, ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"2^99999\"}").getString("exact").length());
        assertEquals("2", ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"sqrt(2^2)\"}").getString("exact"));
        assertEquals(2568, ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"factorial(1000)\"}").getString("exact").length());
        ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"3000!\"}", "not_evaluated", "expression");
    }

    @Test
    void functionsOfHugeNumbersAreRefusedBeforeTheyHoldAThreadPastTheTimeLimit() {
        for (String slow : new String[] {"sqrt(2^99999+1)", "exp(99999)", "mod(3^99999, 7^40000)", "round(pi*10^99999)", "floor(exp(5000))"}) {
            ToolException e = org.junit.jupiter.api.Assertions.assertThrows(ToolException.class,
                    () -> ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"" + slow + "\"}"), slow);
            assertEquals("result_too_large", e.code(), slow + ": " + e.getMessage());
        }
        assertEquals("33554432", ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"sqrt(2^50)\"}").getString("exact"),
                "a function of a number of fewer than 1,000 digits still runs");
        assertEquals("1", ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"mod(3^500, 2)\"}").getString("exact"));
        assertEquals(1205, ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"(2^2000)^2\"}").getString("exact").length(),
                "a power of a huge whole number is exact arithmetic, not a function");
        ToolException unrounded = ToolCase.refused(new Calculate(ALGEBRA), "{\"expression\":\"floor(exp(100))\"}", "not_evaluated", "expression");
        assertTrue(unrounded.getMessage().contains("round"), "no padded 20-digit value passed off as exact: " + unrounded.getMessage());
        assertEquals("7", ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"floor(exp(2))\"}").getString("exact"));
    }

    @Test
    void solvesEquations() {
        var quadratic = ToolCase.run(new SolveEquation(ALGEBRA), "{\"equation\":\"x^2 - 5x + 6 = 0\"}");
        assertEquals("[\"2\",\"3\"]", quadratic.getJsonArray("solutions").toString());
        var linear = ToolCase.run(new SolveEquation(ALGEBRA), "{\"equation\":\"2*y + 3 = 7\",\"variable\":\"y\"}");
        assertEquals("[\"2\"]", linear.getJsonArray("solutions").toString());
        var irrational = ToolCase.run(new SolveEquation(ALGEBRA), "{\"equation\":\"x^2 = 2\",\"var\":\"x\"}");
        assertEquals("[\"-Sqrt(2)\",\"Sqrt(2)\"]", irrational.getJsonArray("solutions").toString());
        assertEquals("1.4142135623730950488", irrational.getJsonArray("decimal").getString(1));
        var none = ToolCase.run(new SolveEquation(ALGEBRA), "{\"equation\":\"x + 1 = x + 2\"}");
        assertEquals(0, none.getInt("count"));
        var implicit = ToolCase.run(new SolveEquation(ALGEBRA), "{\"equation\":\"3x - 9\"}");
        assertEquals("[\"3\"]", implicit.getJsonArray("solutions").toString());
    }

    @Test
    void aDecimalRightBeforeALetterIsExactToo() {
        assertEquals("[\"2\"]", ToolCase.run(new SolveEquation(ALGEBRA), "{\"equation\":\"1.2x = 2.4\"}").getJsonArray("solutions").toString());
        assertEquals("[\"1\"]", ToolCase.run(new SolveEquation(ALGEBRA), "{\"equation\":\"0.1x + 0.2 = 0.3\"}").getJsonArray("solutions").toString());
        String exact = ToolCase.run(new Calculate(ALGEBRA), "{\"expression\":\"2.5pi\"}").getString("exact");
        assertTrue(exact.contains("Pi") && !exact.contains("."), "an exact multiple of Pi: " + exact);
    }

    @Test
    void solveNamesTheVariableProblem() {
        ToolCase.refused(new SolveEquation(ALGEBRA), "{\"equation\":\"x + y = 2\"}", "missing_argument", "var");
        ToolCase.refused(new SolveEquation(ALGEBRA), "{\"equation\":\"x = 2\",\"var\":\"z\"}", "invalid_argument", "var");
        ToolCase.refused(new SolveEquation(ALGEBRA), "{\"equation\":\"1 = 1\"}", "invalid_argument", "var");
        ToolCase.refused(new SolveEquation(ALGEBRA), "{\"equation\":\"x = = 2 = 3\"}", "invalid_argument", "equation");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"2|2|true", "360|2^3 × 3^2 × 5|false", "97|97|true",
            "1000000007|1000000007|true", "600851475143|71 × 839 × 1471 × 6857|false", "1024|2^10|false",
            "999999999999999999999999|3^3 × 7 × 11 × 13 × 37 × 73 × 101 × 137 × 9901 × 99990001|false"})
    void factorizesIntoPrimes(String n, String form, boolean prime) {
        var r = ToolCase.run(new PrimeFactorize(), "{\"number\":\"" + n + "\"}");
        assertEquals(form, r.getString("factorization"));
        assertEquals(prime, r.getBoolean("is_prime"));
    }

    @Test
    void factorizeRefusesOutOfRange() {
        ToolCase.refused(new PrimeFactorize(), "{\"number\":1}", "invalid_argument", "number");
        ToolCase.refused(new PrimeFactorize(), "{\"number\":-12}", "invalid_argument", "number");
        ToolCase.refused(new PrimeFactorize(), "{\"number\":2.5}", "invalid_argument", "number");
        ToolCase.refused(new PrimeFactorize(), "{\"n\":\"abc\"}", "invalid_argument", "number");
    }

    @ParameterizedTest
    @CsvSource({"12,18,6,36", "7,13,1,91", "0,5,5,0", "-4,6,2,12", "123456789012345678901234567890,987654321098765432109876543210,9000000000900000000090,13548070124980948012498094801236261410"})
    void gcdAndLcm(String a, String b, String gcd, String lcm) {
        var r = ToolCase.run(new GcdLcm(), "{\"a\":\"" + a + "\",\"b\":\"" + b + "\"}");
        assertEquals(gcd, r.get("gcd").toString());
        assertEquals(lcm, r.get("lcm").toString());
    }

    @Test
    void hugeNumberLiteralsAreRefusedBeforeTheyAreExpanded() {
        ToolCase.refused(new GcdLcm(), "{\"a\":1e999999999,\"b\":2}", "input_too_large", "a");
        ToolCase.refused(new PrimeFactorize(), "{\"number\":\"1e999999999\"}", "input_too_large", "number");
    }

    @Test
    void gcdOfZeroAndZeroIsRefused() {
        ToolCase.refused(new GcdLcm(), "{\"a\":0,\"b\":0}", "invalid_argument", "a");
        ToolCase.refused(new GcdLcm(), "{\"a\":1}", "missing_argument", "b");
    }

    @ParameterizedTest
    @CsvSource({"1,I", "4,IV", "1994,MCMXCIV", "2024,MMXXIV", "3999,MMMCMXCIX", "49,XLIX"})
    void romanBothWays(int n, String roman) {
        assertEquals(roman, ToolCase.run(new RomanNumeral(), "{\"input\":\"" + n + "\",\"dir\":\"to_roman\"}").getString("result"));
        assertEquals(n, ToolCase.run(new RomanNumeral(), "{\"value\":\"" + roman.toLowerCase() + "\"}").getInt("result"));
    }

    @Test
    void romanRefusesOutOfRangeAndNonCanonical() {
        ToolCase.refused(new RomanNumeral(), "{\"input\":\"4000\",\"dir\":\"to_roman\"}", "invalid_argument", "input");
        ToolCase.refused(new RomanNumeral(), "{\"input\":\"0\"}", "invalid_argument", "input");
        ToolCase.refused(new RomanNumeral(), "{\"input\":\"IIII\"}", "invalid_argument", "input");
        ToolCase.refused(new RomanNumeral(), "{\"input\":\"MMMM\"}", "invalid_argument", "input");
        ToolCase.refused(new RomanNumeral(), "{\"input\":\"X\",\"dir\":\"sideways\"}", "invalid_argument", "dir");
    }

    @Test
    void statisticsGoldenValues() {
        var r = ToolCase.run(new StatisticsCalc(), "{\"data\":[2,4,4,4,5,5,7,9],\"op\":\"all\"}");
        assertEquals(5.0, r.getJsonNumber("mean").doubleValue());
        assertEquals(4.5, r.getJsonNumber("median").doubleValue());
        assertEquals(2.138089935299395, r.getJsonNumber("stdev").doubleValue(), 1e-12);
        assertEquals(4.571428571428571, r.getJsonNumber("variance").doubleValue(), 1e-12);
        assertEquals("40", r.get("sum").toString());
        assertEquals(8, r.getInt("count"));
        assertEquals("[4.0]", r.getJsonArray("mode").toString());
        assertEquals(4.0, r.getJsonObject("percentiles").getJsonNumber("p25").doubleValue());
        var some = ToolCase.run(new StatisticsCalc(), "{\"values\":\"1, 2, 3\",\"operations\":\"min,max\"}");
        assertEquals(2, some.size());
        assertEquals(3.0, some.getJsonNumber("max").doubleValue());
        var one = ToolCase.run(new StatisticsCalc(), "{\"data\":[7],\"op\":\"stdev\"}");
        assertEquals(0.0, one.getJsonNumber("stdev").doubleValue());
        assertFalse(one.containsKey("mean"));
        assertTrue(ToolCase.run(new StatisticsCalc(), "{\"data\":[0.1,0.2],\"op\":\"sum\"}").get("sum").toString().equals("0.3"));
    }

    @Test
    void statisticsRefusesBadInput() {
        ToolCase.refused(new StatisticsCalc(), "{\"data\":[]}", "invalid_argument", "data");
        ToolCase.refused(new StatisticsCalc(), "{\"data\":[1e400]}", "invalid_argument", "data");
        ToolException overflow = ToolCase.refused(new StatisticsCalc(), "{\"data\":[1e308,1e308],\"op\":\"mean\"}", "result_out_of_range", "data");
        assertEquals(422, RefusalStatus.of(overflow));
        assertEquals(0, new java.math.BigDecimal("2e308").compareTo(ToolCase.run(new StatisticsCalc(),
                "{\"data\":[1e308,1e308],\"op\":\"sum\"}").getJsonNumber("sum").bigDecimalValue()), "the sum is exact, so it is not refused");
        ToolCase.refused(new StatisticsCalc(), "{\"data\":[1,\"x\"]}", "invalid_argument", "data");
        ToolCase.refused(new StatisticsCalc(), "{\"data\":[1],\"op\":\"kurtosis\"}", "invalid_argument", "op");
        ToolCase.refused(new StatisticsCalc(), "{\"op\":\"mean\"}", "missing_argument", "data");
        ToolCase.refused(new StatisticsCalc(), "{\"data\":{\"a\":1}}", "invalid_argument", "data");
    }
}
