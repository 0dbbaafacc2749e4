package io.moe.application.pipeline.run;

/** The request was stopped because its client went away; nothing is answered, what was used is billed. */
public class RequestCancelledException extends RuntimeException {

    public RequestCancelledException(String reason) {
        super("the request was cancelled: " + reason);
    }
}
