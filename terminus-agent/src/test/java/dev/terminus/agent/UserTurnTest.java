package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UserTurnTest {

    @Test
    void replyCarriesTheText() {
        // when
        UserTurn turn = UserTurn.reply("Can you check again?");

        // then
        assertThat(turn).isEqualTo(new UserTurn.Reply("Can you check again?"));
    }

    @Test
    void anEmptyReplyIsAllowed() {
        // when
        UserTurn turn = UserTurn.reply("");

        // then
        assertThat(((UserTurn.Reply) turn).text()).isEmpty();
    }

    @Test
    void replyRefusesNullNamingTheField() {
        // when / then
        assertThatThrownBy(() -> UserTurn.reply(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Reply.text must not be null");
    }

    @Test
    void satisfiedCarriesTheStopToken() {
        // when
        UserTurn turn = UserTurn.satisfied("###DONE###");

        // then
        assertThat(turn).isEqualTo(new UserTurn.Satisfied("###DONE###"));
    }

    @Test
    void satisfiedWithoutAStopTokenIsAllowed() {
        // when
        UserTurn turn = UserTurn.satisfied(null);

        // then
        assertThat(((UserTurn.Satisfied) turn).stopToken()).isNull();
    }
}
