package io.moe.tools.legal;

import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;

import java.math.BigInteger;

/** Argument rules the legal tools share. */
final class Legal {

    private Legal() {
    }

    static int maxResults(ToolArgs args) {
        BigInteger max = args.optionalInteger("max_results", "limit").orElse(BigInteger.TEN);
        if (max.compareTo(BigInteger.ONE) < 0 || max.compareTo(BigInteger.valueOf(50)) > 0) {
            throw ToolException.invalid("max_results", "'max_results' must be between 1 and 50");
        }
        return max.intValue();
    }
}
