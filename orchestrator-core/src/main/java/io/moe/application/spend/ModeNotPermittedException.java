package io.moe.application.spend;

/** A chat mode the caller holds no moe_mode grant for. */
public class ModeNotPermittedException extends NotPermittedException {

    public ModeNotPermittedException(String modelId, String routing) {
        super("your account may not use '" + modelId + "': it needs the moe_mode permission '" + routing
                + "'; ask an admin to grant it");
    }
}
