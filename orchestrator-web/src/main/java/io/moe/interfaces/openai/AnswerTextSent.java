package io.moe.interfaces.openai;

import java.util.logging.Logger;

/** What is left to send of an answer once part of its text went out while it was written. */
public final class AnswerTextSent {

    private static final Logger LOG = Logger.getLogger(AnswerTextSent.class.getName());

    private AnswerTextSent() {
    }

    /**
     * The part of {@code content} after what was {@code sent}. The pipeline guarantees the sent text is the answer's
     * beginning; should it ever not be, nothing more is sent (the client has its answer's text already) and it is logged.
     */
    public static String rest(String content, CharSequence sent) {
        if (sent.length() == 0) {
            return content;
        }
        String already = sent.toString();
        if (content.startsWith(already)) {
            return content.substring(already.length());
        }
        LOG.warning("a streamed answer's final content does not continue the text already sent (" + already.length()
                + " characters sent, " + content.length() + " in the answer); the rest was not sent");
        return "";
    }
}
