package io.moe.application.pipeline.intake;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SkillTest {

    @Test
    void readsFrontMatterAndReplacesArguments() {
        Skill skill = Skill.parse("---\nname: summarize\ndescription: \"Sum up\"\n---\nSummarise: $ARGUMENTS\n").orElseThrow();
        assertEquals("summarize", skill.name());
        assertEquals("Sum up", skill.description());
        assertEquals("Summarise: the text", skill.expand("  the text "));
    }

    @Test
    void aSkillWithoutTheTokenIgnoresArguments() {
        assertEquals("Fixed prompt", Skill.parse("---\nname: f\n---\nFixed prompt").orElseThrow().expand("ignored"));
    }

    @Test
    void aFieldsValueIsTakenWithoutTheBlanksAroundItHoweverLongTheLine() {
        String spaces = " ".repeat(60_000);
        Skill skill = Skill.parse("---\nname:\tlong" + spaces + "\ndescription: a" + spaces + "b  \t\n---\nbody").orElseThrow();
        assertEquals("long", skill.name());
        assertEquals("a" + spaces + "b", skill.description());
    }

    @Test
    void aFileWithoutFrontMatterOrNameIsNoSkill() {
        assertTrue(Skill.parse("Just text").isEmpty());
        assertTrue(Skill.parse("---\ndescription: x\n---\nbody").isEmpty());
    }
}
