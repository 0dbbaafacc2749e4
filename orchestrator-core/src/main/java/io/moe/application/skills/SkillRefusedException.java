package io.moe.application.skills;

import io.moe.domain.shared.Refusal;

/** A refused skill change: a bad name or file (400 naming the field), an unknown skill (404), no upstream (409), an upstream that fails (502). */
public class SkillRefusedException extends Refusal {

    private static final long serialVersionUID = 1L;

    public SkillRefusedException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }
}
