package io.moe.tools.text;

import io.moe.tools.ToolCase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextToolsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "abc|MD5|900150983cd24fb0d6963f7d28e17f72",
            "abc|SHA1|a9993e364706816aba3e25717850c26c9cd0d89d",
            "abc|sha-224|23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
            "abc|SHA256|ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "|SHA256|e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "abc|SHA384|cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
            "abc|SHA512|ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"})
    void hashesMatchTheStandardTestVectors(String text, String alg, String hex) {
        String args = "{\"text\":\"" + (text == null ? "" : text) + "\",\"algorithm\":\"" + alg + "\"}";
        assertEquals(hex, ToolCase.run(new HashText(), args).getString("hex"));
    }

    @Test
    void hashRefusesUnknownAlgorithmsAndMissingText() {
        ToolCase.refused(new HashText(), "{\"text\":\"a\",\"alg\":\"CRC32\"}", "invalid_argument", "alg");
        ToolCase.refused(new HashText(), "{\"alg\":\"MD5\"}", "missing_argument", "text");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "hello|encode|aGVsbG8=", "aGVsbG8=|decode|hello", "Grüße|encode|R3LDvMOfZQ==",
            "R3LDvMOfZQ==|decode|Grüße", "|encode|", "aGVsbG8gd29ybGQ|decode|hello world"})
    void base64RoundTrips(String data, String mode, String expected) {
        String args = "{\"data\":\"" + (data == null ? "" : data) + "\",\"mode\":\"" + mode + "\"}";
        String result = ToolCase.run(new Base64Codec(), args).getString("result");
        assertEquals(expected == null ? "" : expected, result);
    }

    @Test
    void base64AcceptsTheTextAliasAndRefusesGarbage() {
        assertEquals("YQ==", ToolCase.run(new Base64Codec(), "{\"text\":\"a\",\"mode\":\"encode\"}").getString("result"));
        ToolCase.refused(new Base64Codec(), "{\"data\":\"!!!\",\"mode\":\"decode\"}", "invalid_argument", "data");
        ToolCase.refused(new Base64Codec(), "{\"data\":\"a\",\"mode\":\"rot13\"}", "invalid_argument", "mode");
        assertTrue(ToolCase.run(new Base64Codec(), "{\"data\":\"/w==\",\"mode\":\"decode\"}").getBoolean("binary"));
    }

    @Test
    void regexFindsMatchesWithGroupsAndFlags() {
        var r = ToolCase.run(new RegexExtract(1_000_000), "{\"text\":\"a1 b22 C333\",\"pattern\":\"([a-z])(\\\\d+)\",\"flags\":\"i\"}");
        assertEquals(3, r.getInt("count"));
        assertEquals("C333", r.getJsonArray("matches").getJsonObject(2).getString("match"));
        assertEquals("22", r.getJsonArray("matches").getJsonObject(1).getJsonArray("groups").getString(1));
        assertEquals(0, ToolCase.run(new RegexExtract(1_000_000), "{\"text\":\"abc\",\"pattern\":\"\\\\d\"}").getInt("count"));
        assertEquals(2, ToolCase.run(new RegexExtract(1_000_000), "{\"text\":\"a\\nb\",\"pattern\":\"^\\\\w$\",\"flags\":\"m\"}").getInt("count"));
        assertEquals(1, ToolCase.run(new RegexExtract(1_000_000), "{\"text\":\"a\\nb\",\"pattern\":\"a.b\",\"flags\":\"s\"}").getInt("count"));
    }

    @Test
    void regexRefusesBadPatternsAndStopsCatastrophicBacktracking() {
        ToolCase.refused(new RegexExtract(1_000_000), "{\"text\":\"a\",\"pattern\":\"(a\"}", "invalid_argument", "pattern");
        ToolCase.refused(new RegexExtract(1_000_000), "{\"text\":\"a\",\"pattern\":\"a\",\"flags\":\"x\"}", "invalid_argument", "flags");
        // Java's engine answers (a+)+$ quickly; ((a+)+)+b still backtracks exponentially.
        assertEquals(0, ToolCase.run(new RegexExtract(1_000_000), "{\"text\":\"" + "a".repeat(5000) + "!\",\"pattern\":\"(a+)+$\"}").getInt("count"));
        String evil = "{\"text\":\"" + "a".repeat(40) + "!\",\"pattern\":\"((a+)+)+b\"}";
        ToolCase.refused(new RegexExtract(1_000_000), evil, "regex_timeout", "pattern");
    }

    @Test
    void textAnalyzeCountsWordsSentencesParagraphsAndReadingTime() {
        var r = ToolCase.run(new TextAnalyze(), "{\"text\":\"Hello world. This is a test!\\n\\nSecond paragraph here?\"}");
        assertEquals(9, r.getInt("words"));
        assertEquals(3, r.getInt("sentences"));
        assertEquals(2, r.getInt("paragraphs"));
        assertEquals(3, r.getInt("reading_time_seconds"));
        var empty = ToolCase.run(new TextAnalyze(), "{\"text\":\"   \"}");
        assertEquals(0, empty.getInt("words"));
        assertEquals(0, empty.getInt("sentences"));
        var many = ToolCase.run(new TextAnalyze(), "{\"text\":\"" + "word ".repeat(400) + "\"}");
        assertEquals(400, many.getInt("words"));
        assertEquals("2.00", many.getJsonNumber("reading_time_minutes").toString());
        ToolCase.refused(new TextAnalyze(), "{}", "missing_argument", "text");
    }
}
