package io.moe.application.routing;

import io.moe.application.servers.InferenceServer;
import io.moe.domain.mode.Mode;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;

/** Where one chat request goes, decided from its {@code model} field by {@link RouteResolver}. */
public sealed interface Route {

    /** The model id the client sent, as usage rows and responses name it. */
    String modelId();

    /** The routing mode of the usage log: moe_orchestrated, moe_reasoning or native. */
    String routing();

    /**
     * Through the pipeline, in {@code mode}, with the models of {@code template}; {@code profile} names the
     * coding-client profile that chose it (null on the OpenAI API).
     */
    /**
     * The pipeline with {@code template}; {@code templateOwner} is the user whose own template it is (null for an admin
     * template): what its runs learn stays that user's.
     */
    record Pipeline(String modelId, Mode mode, ExpertTemplate template, String profile, String templateOwner) implements Route {

        public Pipeline(String modelId, Mode mode, ExpertTemplate template) {
            this(modelId, mode, template, null, null);
        }

        public Pipeline(String modelId, Mode mode, ExpertTemplate template, String profile) {
            this(modelId, mode, template, profile, null);
        }

        @Override
        public String routing() {
            return mode.routing();
        }
    }

    /**
     * Straight to {@code model} on its server, in the OpenAI wire format (native pass-through); {@code templateFactor}:
     * the {@code cost_factor} of the template whose tool-calling turn it is, 1 for a model named directly.
     */
    record Native(String modelId, ModelRef model, InferenceServer server, double templateFactor) implements Route {

        /** A model named directly: its server's {@code cost_factor} alone weighs its tokens. */
        public Native(String modelId, ModelRef model, InferenceServer server) {
            this(modelId, model, server, 1.0);
        }

        @Override
        public String routing() {
            return "native";
        }
    }
}
