package io.moe.application.knowledge;

import io.moe.domain.shared.Refusal;

/** A knowledge request that cannot be taken (a bad field, too many items): nothing was read or written for it. */
public class KnowledgeRefusedException extends Refusal {

    public KnowledgeRefusedException(String code, String field, String message) {
        super(Kind.INVALID, code, field, message);
    }

    public KnowledgeRefusedException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }
}
