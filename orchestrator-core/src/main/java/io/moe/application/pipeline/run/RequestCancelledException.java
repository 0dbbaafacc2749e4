package io.moe.application.pipeline.run;

import io.moe.domain.shared.Refusal;

/** The request was stopped because its client went away; nothing is answered, what was used is billed. */
public class RequestCancelledException extends Refusal {

    public RequestCancelledException(String reason) {
        super(Kind.CANCELLED, "request_cancelled", null, "the request was cancelled: " + reason);
    }
}
