package org.hadoopdb.loader;

import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.text.TextFormat;

/**
 * One load: which table, which input, how the input is formatted, append or overwrite, and how many
 * bad records to tolerate.
 *
 * <p>Input paths are files, directories (read recursively; names starting with {@code _} or
 * {@code .} are skipped, as Hadoop does) or globs, on any Hadoop file system; a path without a
 * scheme is on the default file system, or on this machine's disk with {@code local(true)}
 * ({@code LOAD DATA LOCAL INPATH}). Text input uses the table's format (its properties), with the
 * overrides set here. Typed input ({@link Builder#rows}) is sequence files of {@code Row} values,
 * such as a query's output for {@code INSERT ... SELECT}.
 *
 * <pre>{@code
 * LoadSpec spec = LoadSpec.builder("uservisits").input("/data/uservisits/").delimiter('|').maxRejects("0.1%").build();
 * LoadReport report = new Loader(config).load(spec, LoadProgressListener.NONE);
 * }</pre>
 *
 * @param table      the table (must exist)
 * @param inputs     input paths or globs
 * @param local      the paths are on this machine's disk
 * @param rowSchema  the schema of typed-row input, or null for text
 * @param format     overrides of the table's text format
 * @param overwrite  replace the table's rows (true) or append to them (false)
 * @param maxRejects tolerated rejects ({@code 100} or {@code 0.5%}), or null for {@code hadoopdb.load.max-rejects}
 * @param rejectDir  directory for the reject file, or null for {@code hadoopdb.load.reject-dir}
 * @param partitions what a load into a partitioned table writes (required for one, null for others); its
 *                   {@code replace}, not {@code overwrite}, says whether rows are replaced
 */
public record LoadSpec(String table, List<String> inputs, boolean local, RowSchema rowSchema, FormatOverrides format,
                       boolean overwrite, String maxRejects, String rejectDir, PartitionWrite partitions) {

    public LoadSpec {
        Objects.requireNonNull(table, "table");
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty()) {
            throw new LoaderException("A load of table '" + table + "' needs at least one input path");
        }
        format = format == null ? FormatOverrides.NONE : format;
    }

    public static Builder builder(String table) {
        return new Builder(table);
    }

    /**
     * Changes to the table's text format for one load; null fields keep the table's setting.
     */
    public record FormatOverrides(Character delimiter, Character escape, Character quote, String nullString, Integer headerLines,
                                  Charset encoding, Boolean escapeCrLf) {
        public static final FormatOverrides NONE = new FormatOverrides(null, null, null, null, null, null, null);

        /** {@code base} with these overrides. */
        public TextFormat applyTo(TextFormat base) {
            TextFormat f = base;
            if (delimiter != null) {
                f = f.withDelimiter(delimiter);
            }
            if (escape != null) {
                f = f.withEscape(escape);
            }
            if (quote != null) {
                f = f.withQuote(quote);
            }
            if (nullString != null) {
                f = f.withNullString(nullString);
            }
            if (headerLines != null) {
                f = f.withHeaderLines(headerLines);
            }
            if (encoding != null) {
                f = f.withEncoding(encoding);
            }
            if (escapeCrLf != null) {
                f = f.withEscapeCrLf(escapeCrLf);
            }
            return f;
        }
    }

    /** Builds a {@link LoadSpec}. */
    public static final class Builder {
        private final String table;
        private final List<String> inputs = new ArrayList<>();
        private boolean local;
        private RowSchema rowSchema;
        private Character delimiter;
        private Character escape;
        private Character quote;
        private String nullString;
        private Integer headerLines;
        private Charset encoding;
        private Boolean escapeCrLf;
        private boolean overwrite;
        private String maxRejects;
        private String rejectDir;
        private PartitionWrite partitions;

        private Builder(String table) {
            this.table = table;
        }

        public Builder input(String... paths) {
            inputs.addAll(List.of(paths));
            return this;
        }

        public Builder inputs(List<String> paths) {
            inputs.addAll(paths);
            return this;
        }

        /** The inputs are on this machine's disk ({@code LOAD DATA LOCAL}). */
        public Builder local(boolean isLocal) {
            local = isLocal;
            return this;
        }

        /** The inputs are sequence files of {@code Row} values of this schema (the table's columns, in order). */
        public Builder rows(RowSchema schema) {
            rowSchema = schema;
            return this;
        }

        public Builder delimiter(char c) {
            delimiter = c;
            return this;
        }

        public Builder escape(char c) {
            escape = c;
            return this;
        }

        public Builder quote(char c) {
            quote = c;
            return this;
        }

        public Builder nullString(String s) {
            nullString = s;
            return this;
        }

        public Builder headerLines(int n) {
            headerLines = n;
            return this;
        }

        public Builder encoding(Charset cs) {
            encoding = cs;
            return this;
        }

        public Builder encoding(String name) {
            encoding = TextFormat.charset(name);
            return this;
        }

        public Builder escapeCrLf(boolean on) {
            escapeCrLf = on;
            return this;
        }

        public Builder overwrite(boolean replace) {
            overwrite = replace;
            return this;
        }

        public Builder maxRejects(String limit) {
            if (limit != null) {
                RejectLimit.parse(limit);
            }
            maxRejects = limit;
            return this;
        }

        public Builder rejectDir(String dir) {
            rejectDir = dir;
            return this;
        }

        /** The partitions a load into a partitioned table writes ({@link PartitionWrite}). */
        public Builder partitions(PartitionWrite write) {
            partitions = write;
            return this;
        }

        public LoadSpec build() {
            return new LoadSpec(table, inputs, local, rowSchema,
                    new FormatOverrides(delimiter, escape, quote, nullString, headerLines, encoding, escapeCrLf),
                    overwrite, maxRejects, rejectDir, partitions);
        }
    }
}
