package io.moe.tools.net;

import io.moe.tools.ToolCase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SubnetCalcTest {

    @ParameterizedTest
    @CsvSource({
            "192.168.1.10/24,192.168.1.0,192.168.1.255,255.255.255.0,192.168.1.1,192.168.1.254,254",
            "10.0.0.0/8,10.0.0.0,10.255.255.255,255.0.0.0,10.0.0.1,10.255.255.254,16777214",
            "172.16.5.4/30,172.16.5.4,172.16.5.7,255.255.255.252,172.16.5.5,172.16.5.6,2",
            "192.0.2.0/31,192.0.2.0,192.0.2.1,255.255.255.254,192.0.2.0,192.0.2.1,2",
            "203.0.113.7/32,203.0.113.7,203.0.113.7,255.255.255.255,203.0.113.7,203.0.113.7,1"})
    void ipv4(String cidr, String network, String broadcast, String mask, String first, String last, String usable) {
        var r = ToolCase.run(new SubnetCalc(), "{\"cidr\":\"" + cidr + "\"}");
        assertEquals(network, r.getString("network"));
        assertEquals(broadcast, r.getString("broadcast"));
        assertEquals(mask, r.getString("mask"));
        assertEquals(first, r.getString("first_host"));
        assertEquals(last, r.getString("last_host"));
        assertEquals(usable, r.get("usable_hosts").toString());
    }

    @Test
    void ipv6() {
        var r = ToolCase.run(new SubnetCalc(), "{\"cidr\":\"2001:db8::1/64\"}");
        assertEquals(6, r.getInt("version"));
        assertEquals("2001:db8::", r.getString("network"));
        assertEquals("2001:db8::ffff:ffff:ffff:ffff", r.getString("last_host"));
        assertEquals("18446744073709551616", r.get("usable_hosts").toString());
        assertTrue(r.isNull("broadcast"));
        assertEquals("ffff:ffff:ffff:ffff::", r.getString("mask"));
    }

    @Test
    void refusesWhatIsNotACidr() {
        ToolCase.refused(new SubnetCalc(), "{\"cidr\":\"300.1.1.1/24\"}", "invalid_argument", "cidr");
        ToolCase.refused(new SubnetCalc(), "{\"cidr\":\"192.168.1.1\"}", "invalid_argument", "cidr");
        ToolCase.refused(new SubnetCalc(), "{\"cidr\":\"10.0.0.0/33\"}", "invalid_argument", "cidr");
        ToolCase.refused(new SubnetCalc(), "{\"cidr\":\"hello\"}", "invalid_argument", "cidr");
        ToolCase.refused(new SubnetCalc(), "{\"cidr\":\"*\"}", "invalid_argument", "cidr"); // every address: no one network
        ToolCase.refused(new SubnetCalc(), "{\"cidr\":\"/24\"}", "invalid_argument", "cidr");
        ToolCase.refused(new SubnetCalc(), "{}", "missing_argument", "cidr");
    }
}
