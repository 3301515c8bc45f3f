package org.hadoopdb.cli.shell;

import java.io.PrintWriter;
import org.hadoopdb.connector.row.HiveText;
import org.hadoopdb.runtime.ResultStream;

/**
 * Rows as the {@code hive -e} prints them: tab-separated values, {@code NULL} for NULL, optionally
 * a header line of column names; nothing else, so the output can be piped.
 */
final class TsvPrinter implements ResultPrinter {
    private final PrintWriter out;
    private final boolean header;

    TsvPrinter(PrintWriter out, boolean header) {
        this.out = out;
        this.header = header;
    }

    @Override
    public long print(ResultStream rows) {
        StringBuilder line = new StringBuilder();
        if (header) {
            out.println(String.join("\t", rows.schema().names()));
        }
        long n = 0;
        int columns = rows.schema().size();
        while (rows.next()) {
            line.setLength(0);
            for (int i = 0; i < columns; i++) {
                if (i > 0) {
                    line.append('\t');
                }
                line.append(HiveText.field(rows.row(), i));
            }
            out.println(line);
            n++;
        }
        out.flush();
        return n;
    }
}
