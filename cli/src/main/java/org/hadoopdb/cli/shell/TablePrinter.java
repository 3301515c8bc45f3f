package org.hadoopdb.cli.shell;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.connector.row.HiveText;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.runtime.ResultStream;

/**
 * Rows as a table with borders, for the interactive shell. Rows are printed in pages of
 * {@value #PAGE} so a large result streams instead of filling memory; each page sizes its columns.
 */
final class TablePrinter implements ResultPrinter {
    static final int PAGE = 500;
    private static final int MAX_WIDTH = 80;
    private final PrintWriter out;

    TablePrinter(PrintWriter out) {
        this.out = out;
    }

    @Override
    public long print(ResultStream rows) {
        RowSchema schema = rows.schema();
        long n = 0;
        List<String[]> page = new ArrayList<>();
        boolean any = false;
        while (rows.next()) {
            String[] cells = new String[schema.size()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = clip(HiveText.field(rows.row(), i));
            }
            page.add(cells);
            n++;
            if (page.size() == PAGE) {
                printPage(schema, page, !any);
                any = true;
                page.clear();
            }
        }
        if (!page.isEmpty() || !any) {
            printPage(schema, page, !any);
        }
        out.flush();
        return n;
    }

    private void printPage(RowSchema schema, List<String[]> page, boolean first) {
        int[] width = new int[schema.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = schema.name(i).length();
            for (String[] r : page) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        String rule = rule(width);
        out.println(rule);
        if (first || !page.isEmpty()) {
            out.println(line(schema.names().toArray(String[]::new), width));
            out.println(rule);
        }
        for (String[] r : page) {
            out.println(line(r, width));
        }
        out.println(rule);
    }

    private static String rule(int[] width) {
        StringBuilder sb = new StringBuilder("+");
        for (int w : width) {
            sb.append("-".repeat(w + 2)).append('+');
        }
        return sb.toString();
    }

    private static String line(String[] cells, int[] width) {
        StringBuilder sb = new StringBuilder("|");
        for (int i = 0; i < cells.length; i++) {
            sb.append(' ').append(cells[i]).append(" ".repeat(width[i] - cells[i].length() + 1)).append('|');
        }
        return sb.toString();
    }

    private static String clip(String s) {
        String one = s.replace('\n', ' ').replace('\t', ' ');
        return one.length() <= MAX_WIDTH ? one : one.substring(0, MAX_WIDTH - 3) + "...";
    }
}
