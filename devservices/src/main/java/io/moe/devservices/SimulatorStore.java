package io.moe.devservices;

import io.moe.simulator.ModelSimulator;

import java.util.Map;

/** The model simulator, standing in for the inference servers and the search engine. */
final class SimulatorStore implements Store {

    private final int port;
    private ModelSimulator simulator;

    SimulatorStore(int port) {
        this.port = port;
    }

    @Override
    public String name() {
        return "model-simulator";
    }

    @Override
    public String configuredBy() {
        return "MOE_INFERENCE_URL";
    }

    @Override
    public void start() {
        simulator = ModelSimulator.start(port);
    }

    @Override
    public Map<String, String> environment() {
        return Map.of("MOE_SIMULATOR_URL", simulator.baseUrl());
    }

    @Override
    public void close() {
        if (simulator != null) {
            simulator.close();
        }
    }
}
