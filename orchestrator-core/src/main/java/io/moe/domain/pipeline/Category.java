package io.moe.domain.pipeline;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The expert categories of the spec, their tier preference, and the two special categories. */
public final class Category {

    public static final String GENERAL = "general";
    public static final String MATH = "math";
    public static final String PRECISION_TOOLS = "precision_tools";
    public static final String RESEARCH = "research";
    public static final String REASONING = "reasoning";
    public static final String VISION = "vision";
    public static final String MEDICAL = "medical_consult";
    public static final String LEGAL = "legal_advisor";

    /** Categories whose experts are small models first (tier 1). */
    public static final List<String> TIER_ONE = List.of(GENERAL, MATH, "technical_support", "creative_writer",
            "code_reviewer", MEDICAL, LEGAL, "translation", "data_analyst", "science");
    /** Categories whose experts are large models (tier 2). */
    public static final List<String> TIER_TWO = List.of(REASONING, VISION);
    /** Categories served by something other than an expert model. */
    public static final List<String> SPECIAL = List.of(PRECISION_TOOLS, RESEARCH);
    /** Expert categories used by one shipped template only. */
    public static final List<String> TEMPLATE_EXTRAS = List.of("skill_detector", "web_researcher", "knowledge_healing");

    private Category() {
    }

    /** Every category a plan may name: the spec's, plus any further category the template defines. */
    public static Set<String> known(Set<String> templateCategories) {
        Set<String> all = new LinkedHashSet<>(TIER_ONE);
        all.addAll(TIER_TWO);
        all.addAll(SPECIAL);
        all.addAll(TEMPLATE_EXTRAS);
        all.addAll(templateCategories);
        return all;
    }

    /** True for a category an expert model answers (everything but precision_tools and research). */
    public static boolean isExpert(String category) {
        return !SPECIAL.contains(category);
    }
}
