package org.hadoopdb.engine.session;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.hiveql.ast.InsertDirectoryStatement;
import org.hadoopdb.hiveql.ast.RowFormat;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.connector.row.HiveText;

/**
 * {@code INSERT OVERWRITE [LOCAL] DIRECTORY 'path' [ROW FORMAT DELIMITED …] query}: the query's rows
 * as delimited text in one file, {@code 000000_0}, of a directory that replaces whatever was there.
 * As in Hive: fields are separated by Ctrl-A ({@code \001}) unless {@code FIELDS TERMINATED BY} says
 * otherwise, NULL is written {@code \N}, lines end with {@code \n}; {@code LOCAL} means the local
 * file system, otherwise the default file system ({@code fs.defaultFS}). With {@code ESCAPED BY e},
 * a delimiter, line end or {@code e} inside a value is preceded by {@code e}.
 */
final class DirectoryWriter {
    static final String FILE_NAME = "000000_0";

    private DirectoryWriter() {
    }

    static StatementResult write(InsertDirectoryStatement statement, ResultStream rows, HadoopDbConfig config) {
        RowFormat format = statement.rowFormat();
        String fieldDelimiter = format != null && format.fieldDelimiter() != null ? format.fieldDelimiter() : "\u0001";
        String lineDelimiter = format != null && format.lineDelimiter() != null ? format.lineDelimiter() : "\n";
        String nullText = format != null && format.nullFormat() != null ? format.nullFormat() : "\\N";
        String escape = format != null ? format.escapeChar() : null;
        Path dir = new Path(statement.path());
        long count = 0;
        try (ResultStream in = rows) {
            FileSystem fs = statement.local() ? rawLocal(config) : dir.getFileSystem(config.hadoopConf());
            Path qualified = fs.makeQualified(dir);
            if (fs.exists(qualified) && !fs.delete(qualified, true)) {
                throw new PlannerException("Cannot replace directory " + qualified);
            }
            fs.mkdirs(qualified);
            try (Writer out = new BufferedWriter(new OutputStreamWriter(fs.create(new Path(qualified, FILE_NAME), true),
                    StandardCharsets.UTF_8), 1 << 16)) {
                int n = in.schema().size();
                while (in.next()) {
                    for (int i = 0; i < n; i++) {
                        if (i > 0) {
                            out.write(fieldDelimiter);
                        }
                        if (in.row().isNull(i)) {
                            out.write(nullText);
                        } else {
                            String text = HiveText.field(in.row(), i);
                            out.write(escape == null ? text : escaped(text, escape, fieldDelimiter, lineDelimiter));
                        }
                    }
                    out.write(lineDelimiter);
                    count++;
                }
            }
            return new StatementResult.Done("Wrote " + count + " row" + (count == 1 ? "" : "s") + " to " + qualified, count);
        } catch (IOException e) {
            throw new PlannerException("Cannot write the query result to directory " + statement.path() + ": " + e.getMessage(), e);
        }
    }

    private static String escaped(String text, String escape, String fieldDelimiter, String lineDelimiter) {
        return text.replace(escape, escape + escape).replace(fieldDelimiter, escape + fieldDelimiter)
                .replace(lineDelimiter, escape + lineDelimiter);
    }

    /** The local file system without Hadoop's {@code .crc} side files, which users do not expect. */
    private static FileSystem rawLocal(HadoopDbConfig config) throws IOException {
        LocalFileSystem local = FileSystem.getLocal(config.hadoopConf());
        return local.getRawFileSystem();
    }
}
