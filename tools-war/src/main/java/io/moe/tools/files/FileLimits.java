package io.moe.tools.files;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;

/**
 * How large one generated file may get ({@code moe.tools.files.*}). Each count is checked on the parsed
 * content before the format's library builds anything, so an oversized request costs a parse, not
 * hundreds of megabytes of POI objects; the written file's size is checked before it is stored.
 *
 * @param maxBytes      most bytes of one written file
 * @param maxSlides     most slides of a pptx
 * @param maxParagraphs most paragraphs of a docx, bullets of a pptx, and lines of a pdf
 * @param maxRows       most rows of an xlsx or csv
 * @param maxCells      most cells of an xlsx or csv
 * @param maxPages      most pages of a pdf
 */
public record FileLimits(long maxBytes, int maxSlides, int maxParagraphs, int maxRows, int maxCells, int maxPages) {

    /** Refuses with 422 {@code result_too_large} when {@code count} of {@code what} is over {@code max}. */
    static void check(String what, long count, long max) {
        if (count > max) {
            throw new ToolException(Kind.UNPROCESSABLE, "result_too_large", "content", "the file would have " + count + " " + what
                    + "; the limit is " + max + " — split the content into several files");
        }
    }
}
