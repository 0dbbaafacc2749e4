package io.moe.tools.net;

import inet.ipaddr.AddressStringException;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.math.BigInteger;

/**
 * subnet_calc: network, mask, broadcast and host range of an IPv4 or IPv6 CIDR, with the IPAddress
 * library. IPv4 /31 and /32 follow RFC 3021 (all addresses usable); IPv6 has no broadcast.
 */
public final class SubnetCalc implements Tool {

    @Override
    public String name() {
        return "subnet_calc";
    }

    @Override
    public String description() {
        return "Subnet of an IPv4 or IPv6 CIDR (e.g. 192.168.1.10/24, 2001:db8::/48): network, broadcast, mask, first/last host, usable hosts.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("cidr", "string", "address/prefix, e.g. 10.0.0.0/8 or 2001:db8::/32").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String cidr = args.string("cidr", "network", "subnet").trim();
        IPAddress address;
        try {
            address = new IPAddressString(cidr).toAddress();
        } catch (AddressStringException e) {
            throw ToolException.invalid("cidr", "'" + cidr + "' is not an IPv4 or IPv6 CIDR such as 192.168.1.0/24: " + e.getMessage());
        }
        if (address == null) { // '*', '/24', '': every address or none, no one network
            throw ToolException.invalid("cidr", "'" + cidr + "' names no single network; write address/prefix, e.g. 192.168.1.0/24");
        }
        Integer prefix = address.getNetworkPrefixLength();
        if (prefix == null) {
            throw ToolException.invalid("cidr", "'" + cidr + "' has no prefix length; write it as address/prefix, e.g. 192.168.1.0/24");
        }
        IPAddress network = address.toPrefixBlock();
        IPAddress first = network.getLower().withoutPrefixLength();
        IPAddress last = network.getUpper().withoutPrefixLength();
        BigInteger total = network.getCount();
        JsonObjectBuilder out = Jsonp.createObjectBuilder()
                .add("cidr", cidr)
                .add("version", address.isIPv4() ? 4 : 6)
                .add("prefix_length", prefix)
                .add("network", first.toCanonicalString())
                .add("mask", address.getNetwork().getNetworkMask(prefix, false).toCanonicalString())
                .add("total_addresses", total);
        if (address.isIPv4()) {
            boolean pointToPoint = prefix >= 31;
            out.add("broadcast", last.toCanonicalString())
                    .add("wildcard", address.getNetwork().getHostMask(prefix).toCanonicalString())
                    .add("first_host", pointToPoint ? first.toCanonicalString() : first.increment(1).toCanonicalString())
                    .add("last_host", pointToPoint ? last.toCanonicalString() : last.increment(-1).toCanonicalString())
                    .add("usable_hosts", pointToPoint ? total : total.subtract(BigInteger.TWO));
        } else {
            out.addNull("broadcast")
                    .add("first_host", first.toCanonicalString())
                    .add("last_host", last.toCanonicalString())
                    .add("usable_hosts", total);
        }
        return out.build();
    }
}
