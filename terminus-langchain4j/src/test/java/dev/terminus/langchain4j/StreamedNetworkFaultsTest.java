package dev.terminus.langchain4j;

/**
 * The faults of {@link NetworkFaultsTest} under the streaming clients, which {@code LangChain4jModels} builds by
 * default: the fault server streams its answers as server-sent events to a request that asks for a stream, and each
 * fault ends the run as it ends a whole answer's. The faults of streams only are in {@link StreamingNetworkFaultsTest}.
 */
class StreamedNetworkFaultsTest extends NetworkFaultsTest {

    /** @return runs on the streaming clients */
    @Override
    FaultyRuns runs() {
        return new FaultyRuns(true);
    }
}
