package io.moe.tools.files;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Content read as slides: a {@code #} or {@code ##} heading opens a slide with that title; the other non-empty lines,
 * deeper headings ({@code ###} and below) among them, are its bullets (list and heading markers removed).
 */
record Slides(List<Slide> slides) {

    private static final Pattern SLIDE_TITLE = Pattern.compile("#{1,2}(\\s|$)");

    record Slide(String title, List<String> bullets) {
    }

    static Slides parse(String content) {
        List<Slide> slides = new ArrayList<>();
        String title = null;
        List<String> bullets = new ArrayList<>();
        for (String raw : content.split("\\R")) {
            String line = raw.strip();
            if (SLIDE_TITLE.matcher(line).lookingAt()) {
                if (title != null || !bullets.isEmpty()) {
                    slides.add(new Slide(title == null ? "" : title, bullets));
                }
                title = line.replaceFirst("^#+\\s*", "");
                bullets = new ArrayList<>();
            } else if (!line.isEmpty()) {
                bullets.add(bullet(line));
            }
        }
        if (title != null || !bullets.isEmpty()) {
            slides.add(new Slide(title == null ? "" : title, bullets));
        }
        return new Slides(slides);
    }

    static String bullet(String line) {
        return line.replaceFirst("^([-*•+]|\\d+[.)]|#{3,})\\s+", "");
    }
}
