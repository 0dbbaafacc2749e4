/**
 * Administration of the skills (rule 13): the Markdown files with front matter that {@code /name arguments}
 * expands, kept in a folder ({@link io.moe.application.skills.SkillStore}), edited, switched on and off, and
 * synchronised from an upstream git repository ({@link io.moe.application.skills.SkillUpstream}).
 */
package io.moe.application.skills;
