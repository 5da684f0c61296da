package dev.terminus.langchain4j.fake;

import dev.terminus.langchain4j.fake.FakeServer.Canned;

/** The wire formats the {@link FaultServer} speaks: where a client's base URL points, and the provider's bodies. */
public enum ProviderWire {
    /** OpenAI's chat completions: {@code POST /v1/chat/completions}. */
    OPENAI("openai", "/v1") {
        @Override
        public Canned answer(String text) {
            return FakeOpenAiServer.text(text, "stop", new FakeOpenAiServer.Tokens(21, 7, 0, 0));
        }

        @Override
        public Canned error(int status, String message) {
            return FakeOpenAiServer.error(status, message, status == 401 ? "invalid_request_error" : "server_error",
                    status == 401 ? "invalid_api_key" : "error");
        }
    },
    /** Anthropic's messages: {@code POST /v1/messages}. */
    ANTHROPIC("anthropic", "/v1/") {
        @Override
        public Canned answer(String text) {
            return FakeAnthropicServer.text(text, "end_turn", new FakeAnthropicServer.Tokens(21, 7, 0, 0));
        }

        @Override
        public Canned error(int status, String message) {
            return FakeAnthropicServer.error(status, status == 401 ? "authentication_error"
                    : status == 429 ? "rate_limit_error" : status == 400 ? "invalid_request_error" : "api_error",
                    message);
        }
    };

    private final String provider;
    private final String path;

    ProviderWire(String provider, String path) {
        this.provider = provider;
        this.path = path;
    }

    /** @return the provider's name, as {@code --provider} takes it */
    public String provider() {
        return provider;
    }

    /** @return the base URL a client of this provider takes to reach the server at {@code origin} */
    public String baseUrl(String origin) {
        return origin + path;
    }

    /** @return a text answer, 21 tokens in and 7 out */
    public abstract Canned answer(String text);

    /** @return an error of the provider's own shape */
    public abstract Canned error(int status, String message);
}
