package org.hadoopdb.cli;

import java.util.ArrayList;
import java.util.List;

/** Small text-formatting helpers for command output. */
public final class Formats {
    private Formats() {
    }

    /** A left-aligned text table with a header row. */
    public static String table(List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                sb.append(cell);
                if (i < row.size() - 1) {
                    sb.append(" ".repeat(widths[i] - cell.length() + 2));
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
