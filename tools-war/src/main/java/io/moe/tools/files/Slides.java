package io.moe.tools.files;

import java.util.ArrayList;
import java.util.List;

/**
 * Content read as slides: a line starting with {@code #} or {@code ##} opens a slide with that title;
 * the other non-empty lines are its bullets (list markers removed).
 */
record Slides(List<Slide> slides) {

    record Slide(String title, List<String> bullets) {
    }

    static Slides parse(String content) {
        List<Slide> slides = new ArrayList<>();
        String title = null;
        List<String> bullets = new ArrayList<>();
        for (String raw : content.split("\\R")) {
            String line = raw.strip();
            if (line.startsWith("#")) {
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
        return line.replaceFirst("^([-*•+]|\\d+[.)])\\s+", "");
    }
}
