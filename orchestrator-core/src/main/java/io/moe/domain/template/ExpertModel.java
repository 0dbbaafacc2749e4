package io.moe.domain.template;

/** One model serving an expert category: a model name on a named inference server, mandatory or optional. */
public record ExpertModel(String model, String endpoint, boolean required) {

    public ModelRef ref() {
        return new ModelRef(model, endpoint);
    }
}
