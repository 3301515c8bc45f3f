package org.hadoopdb.engine.session;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.hiveql.ast.InsertDirectoryStatement;
import org.hadoopdb.hiveql.ast.RowFormat;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.connector.row.HiveText;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.text.HiveDelimitedText;
import org.hadoopdb.loader.text.TextFormat;

/**
 * {@code INSERT OVERWRITE [LOCAL] DIRECTORY 'path' [ROW FORMAT DELIMITED …] query}: the query's rows
 * as delimited text in one file, {@code 000000_0}, of a directory that replaces whatever was there.
 * As in Hive: fields are separated by Ctrl-A ({@code \001}) unless {@code FIELDS TERMINATED BY} says
 * otherwise, NULL is written {@code \N}, lines end with {@code \n}; {@code LOCAL} means the local
 * file system, otherwise the default file system ({@code fs.defaultFS}). With {@code ESCAPED BY e},
 * a delimiter, line end or {@code e} inside a value is preceded by {@code e}. ARRAY, MAP and STRUCT
 * values are written as Hive writes them ({@link HiveDelimitedText}): items separated by
 * {@code COLLECTION ITEMS TERMINATED BY} (default {@code \002}), a map's keys by {@code MAP KEYS
 * TERMINATED BY} ({@code \003}), deeper levels by {@code \004} and on, so a table over the directory
 * (or a {@code LOAD DATA} of it) with the same {@code ROW FORMAT} reads the same values back.
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
            RowSchema schema = in.schema();
            // before the directory is replaced: a ROW FORMAT that cannot hold the complex values leaves it as it was
            HiveDelimitedText complex = complexWriter(format, schema, statement.path());
            FileSystem fs = statement.local() ? rawLocal(config) : dir.getFileSystem(config.hadoopConf());
            Path qualified = fs.makeQualified(dir);
            if (fs.exists(qualified) && !fs.delete(qualified, true)) {
                throw new PlannerException("Cannot replace directory " + qualified);
            }
            fs.mkdirs(qualified);
            StringBuilder complexText = new StringBuilder();
            try (Writer out = new BufferedWriter(new OutputStreamWriter(fs.create(new Path(qualified, FILE_NAME), true),
                    StandardCharsets.UTF_8), 1 << 16)) {
                int n = schema.size();
                while (in.next()) {
                    for (int i = 0; i < n; i++) {
                        if (i > 0) {
                            out.write(fieldDelimiter);
                        }
                        if (in.row().isNull(i)) {
                            out.write(nullText);
                        } else if (schema.type(i).kind().isComplex()) {
                            complexText.setLength(0);
                            out.append(complex.append(schema.type(i), in.row().getComplex(i), complexText));
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

    /**
     * The writer of the complex columns' values: the ROW FORMAT's delimiters, escape and NULL text read as
     * a table's properties are, so a table with that ROW FORMAT reads them back; null without complex columns.
     */
    private static HiveDelimitedText complexWriter(RowFormat format, RowSchema schema, String path) {
        boolean any = false;
        for (int i = 0; i < schema.size(); i++) {
            any |= schema.type(i).kind().isComplex();
        }
        if (!any) {
            return null;
        }
        Map<String, String> properties = new LinkedHashMap<>();
        if (format != null) {
            putIfSet(properties, TextFormat.FIELD_DELIM, format.fieldDelimiter());
            putIfSet(properties, TextFormat.ESCAPE_DELIM, format.escapeChar());
            putIfSet(properties, TextFormat.NULL_FORMAT, format.nullFormat());
            putIfSet(properties, TextFormat.COLLECTION_DELIM, format.collectionItemsDelimiter());
            putIfSet(properties, TextFormat.MAPKEY_DELIM, format.mapKeysDelimiter());
        }
        try {
            HiveDelimitedText text = new HiveDelimitedText(TextFormat.fromProperties(properties));
            for (int i = 0; i < schema.size(); i++) {
                if (schema.type(i).kind().isComplex()) {
                    text.check(schema.name(i), schema.type(i));
                }
            }
            return text;
        } catch (LoaderException e) {
            throw new PlannerException("Cannot write the query result to directory " + path + ": " + e.getMessage(), e);
        }
    }

    private static void putIfSet(Map<String, String> properties, String key, String value) {
        if (value != null) {
            properties.put(key, value);
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
