package io.moe.tools.files;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Rows of cells from CSV (commas or semicolons, double quotes) or from a Markdown table. Written back as
 * CSV, a cell that a spreadsheet would read as a formula (starting with {@code = + - @}, tab or CR) gets
 * a leading {@code '} (OWASP's advice against CSV injection); plain numbers such as {@code -5} stay as
 * they are, since they are no formula.
 */
record Table(List<List<String>> rows) {

    private static final Pattern FORMULA_START = Pattern.compile("^[=+\\-@\t\r].*", Pattern.DOTALL);
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?\\d+(?:[.,]\\d+)?");

    static Table parse(String content) {
        List<List<String>> rows = new ArrayList<>();
        boolean markdown = content.strip().startsWith("|");
        for (String raw : content.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (markdown) {
                if (line.matches("\\|?\\s*:?-{2,}.*")) {
                    continue; // the |---|---| separator row
                }
                String inner = line.replaceFirst("^\\|", "").replaceFirst("\\|$", "");
                List<String> cells = new ArrayList<>();
                for (String cell : inner.split("\\|", -1)) {
                    cells.add(cell.strip());
                }
                rows.add(cells);
            } else {
                rows.add(csvLine(line, line.contains(";") && !line.contains(",") ? ';' : ','));
            }
        }
        return new Table(rows);
    }

    private static List<String> csvLine(String line, char separator) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == separator) {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }

    String toCsv() {
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            List<String> quoted = new ArrayList<>();
            for (String raw : row) {
                String cell = neutralised(raw);
                quoted.add(cell.matches("(?s).*[\",\\r\\n;].*") ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell);
            }
            out.append(String.join(",", quoted)).append("\r\n");
        }
        return out.toString();
    }

    /** The cell, with a leading {@code '} when a spreadsheet would otherwise run it as a formula. */
    static String neutralised(String cell) {
        return FORMULA_START.matcher(cell).matches() && !PLAIN_NUMBER.matcher(cell).matches() ? "'" + cell : cell;
    }
}
