package io.moe.tools.data;

import io.moe.tools.ToolArgs;
import io.moe.tools.ToolCase;
import io.moe.tools.ToolException;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DataToolsTest {

    private static final String STORE = "{\\\"store\\\":{\\\"book\\\":[{\\\"title\\\":\\\"A\\\",\\\"price\\\":8.95},"
            + "{\\\"title\\\":\\\"B\\\",\\\"price\\\":12.99}],\\\"bicycle\\\":{\\\"price\\\":19.95}}}";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "$.store.book[0].title|\"A\"", "$..price|[8.95,12.99,19.95]", "$.store.book[?(@.price > 10)].title|[\"B\"]",
            "$.store.book.length()|2", "$.store.bicycle|{\"price\":19.95}"})
    void queriesJson(String path, String expected) {
        var r = ToolCase.run(new JsonQuery(1_000_000), "{\"json\":\"" + STORE + "\",\"path\":\"" + path + "\"}");
        assertEquals(expected, r.get("result").toString());
    }

    @Test
    void jsonQueryAcceptsAnObjectAndReportsMissingPaths() {
        assertEquals("3", ToolCase.run(new JsonQuery(1_000_000), "{\"json\":{\"a\":{\"b\":3}},\"path\":\"$.a.b\"}").get("result").toString());
        assertFalse(ToolCase.run(new JsonQuery(1_000_000), "{\"json_str\":\"{}\",\"path\":\"$.nope\"}").getBoolean("found"));
        ToolCase.refused(new JsonQuery(1_000_000), "{\"json\":\"{not json\",\"path\":\"$\"}", "invalid_argument", "json");
        ToolCase.refused(new JsonQuery(1_000_000), "{\"json\":\"{}\",\"path\":\"$[[\"}", "invalid_argument", "path");
        ToolCase.refused(new JsonQuery(1_000_000), "{\"json\":\"[]\",\"path\":\"$[?(@.a =~ /((a+)+)+b/)]\"}", "invalid_argument", "path");
        ToolCase.refused(new JsonQuery(1_000_000), "{\"json\":{\"a\":[]},\"path\":\"$.a.avg()\"}", "path_not_applicable", "path");
        ToolCase.refused(new JsonQuery(1_000_000), "{\"json\":\"{\\\"a\\\":[1e400]}\",\"path\":\"$.a.max()\"}", "invalid_argument", "json");
        ToolCase.refused(new JsonQuery(1_000_000), "{\"json\":\"NaN\",\"path\":\"$\"}", "invalid_argument", "json");
    }

    @ParameterizedTest
    @CsvSource({"5,km,mi,3.106855961", "100,°F,°C,37.77777778", "0,°C,K,273.15", "3,kg,lb,6.613867866", "60,mph,km/h,96.56064",
            "1,gal,l,3.785411784", "1500,m,km,1.5", "2,h,min,120"})
    void convertsUnits(String value, String from, String to, String expected) {
        var r = ToolCase.run(new UnitConvert(), "{\"value\":" + value + ",\"from_unit\":\"" + from + "\",\"to_unit\":\"" + to + "\"}");
        assertEquals(0, new BigDecimal(expected).compareTo(new BigDecimal(r.get("result").toString()).setScale(
                new BigDecimal(expected).scale(), java.math.RoundingMode.HALF_UP)), r.toString());
    }

    @Test
    void aValidPathThatCannotApplyIsA422AndAnObjectDocumentIsBoundedLikeText() {
        for (String path : new String[] {"$.keys()", "$.a[?(@ empty true)]", "$.a.index(5)"}) {
            String args = Json.createObjectBuilder().add("json", Json.createReader(new java.io.StringReader("{\"a\":[1,\"x\",{\"k\":2},[3]]}"))
                    .readObject()).add("path", path).build().toString();
            ToolException e = assertThrows(ToolException.class, () -> ToolCase.run(new JsonQuery(1_000_000), args), path);
            assertEquals("path_not_applicable", e.code(), path + ": " + e.getMessage());
        }
        String huge = Json.createObjectBuilder().add("json", Json.createObjectBuilder().add("text", "x".repeat(ToolArgs.MAX_STRING)))
                .add("path", "$.text").build().toString();
        ToolCase.refused(new JsonQuery(1_000_000), huge, "input_too_large", "json");
    }

    @Test
    void unitConvertRefusesUnknownAndIncompatibleUnits() {
        ToolCase.refused(new UnitConvert(), "{\"value\":1,\"from\":\"km\",\"to\":\"kg\"}", "invalid_argument", "to");
        ToolCase.refused(new UnitConvert(), "{\"value\":1,\"from\":\"furlongz\",\"to\":\"m\"}", "invalid_argument", "from");
        ToolCase.refused(new UnitConvert(), "{\"value\":\"ten\",\"from\":\"m\",\"to\":\"km\"}", "invalid_argument", "value");
        ToolCase.refused(new UnitConvert(), "{\"from\":\"m\",\"to\":\"km\"}", "missing_argument", "value");
        ToolCase.refused(new UnitConvert(), "{\"value\":1,\"from\":\"m^100000\",\"to\":\"km^100000\"}", "invalid_argument", "from");
        assertEquals("1E-60", ToolCase.run(new UnitConvert(), "{\"value\":1,\"from\":\"m^20\",\"to\":\"km^20\"}").get("result").toString());
    }

    @Test
    void aPrefixKeepsItsCaseSoMegalitresAreNotMillilitres() {
        String args = Json.createObjectBuilder().add("value", 1).add("from", "ML").add("to", "l").build().toString();
        try {
            assertEquals(new BigDecimal("1000000"), ToolCase.run(new UnitConvert(), args).getJsonNumber("result").bigDecimalValue()
                    .stripTrailingZeros().setScale(0), "a megalitre, if the symbol reads at all");
        } catch (ToolException unknown) {
            assertEquals("invalid_argument", unknown.code(), "else refused, never read as a millilitre");
        }
    }

    @ParameterizedTest(name = "{0} {1} in {2}")
    @CsvSource({"1, H, mH, 1000", "1, C, mC, 1000", "1, F, µF, 1000000", "2, h, min, 120", "212, F, °C, 100", "1, L, mL, 1000",
            "30, C, K, 303.15", "1, ml, l, 0.001"})
    void aSymbolThatIsAlsoAnEverydayNameIsReadAsTheOtherUnitAllows(String value, String from, String to, String result) {
        String args = Json.createObjectBuilder().add("value", new BigDecimal(value)).add("from", from).add("to", to).build().toString();
        assertEquals(new BigDecimal(result).stripTrailingZeros(), ToolCase.run(new UnitConvert(), args).getJsonNumber("result").bigDecimalValue()
                .stripTrailingZeros());
    }
}
