package org.hadoopdb.connector.row;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.connector.ConnectorException;

/**
 * Which fields of a row make up a {@link SortKey}, in which direction and where NULLs go, and how
 * many leading key columns form the group (what one {@code reduce()} call and one partition see).
 *
 * <p>Ordering semantics, shared by every key built from a spec (see {@link OrderedBytes}):
 * <ul>
 *   <li>integers by value whatever their width; FLOAT and DOUBLE by value (IEEE order, NaN above
 *       +Infinity as in Java's and Hive's sort, all NaNs equal); <b>-0.0 equals 0.0</b>, as in SQL
 *       and PostgreSQL, so they group and join together;
 *   <li>DECIMAL by numeric value whatever the scale: 1.50 equals 1.5;
 *   <li>STRING/VARCHAR/CHAR by UTF-8 bytes, i.e. by code point, like PostgreSQL's "C" collation of
 *       the node databases; CHAR ignores trailing spaces, as CHAR comparison does;
 *   <li>DATE and TIMESTAMP chronologically; BOOLEAN false before true; BINARY by unsigned bytes.
 * </ul>
 * Per column, ascending or descending, NULLs first or last; by default (Hive's) NULLs come first
 * ascending and last descending, i.e. NULL sorts as the smallest value.
 *
 * <p>Immutable. Its textual form ({@link #toText}) goes into the job configuration so that
 * reducers can decode keys ({@link #store}, {@link #load}).
 */
public final class SortKeySpec {

    /** Where NULLs of a column sort. */
    public enum NullOrder { FIRST, LAST }

    /**
     * One key column.
     *
     * @param field      the field's position in the source row
     * @param descending true for descending order
     * @param nulls      where NULLs go
     */
    public record Column(int field, boolean descending, NullOrder nulls) {
        public Column {
            if (field < 0) {
                throw new ConnectorException("A sort key column needs a field position >= 0, got " + field);
            }
            if (nulls == null) {
                nulls = descending ? NullOrder.LAST : NullOrder.FIRST;
            }
        }

        /** Ascending, NULLs first (Hive's default). */
        public static Column asc(int field) {
            return new Column(field, false, NullOrder.FIRST);
        }

        /** Descending, NULLs last (Hive's default). */
        public static Column desc(int field) {
            return new Column(field, true, NullOrder.LAST);
        }

        public Column nullsFirst() {
            return new Column(field, descending, NullOrder.FIRST);
        }

        public Column nullsLast() {
            return new Column(field, descending, NullOrder.LAST);
        }
    }

    private static final char PART_SEPARATOR = '|';

    private final RowSchema source;
    private final List<Column> columns;
    private final int groupColumns;

    private SortKeySpec(RowSchema source, List<Column> columns, int groupColumns) {
        this.source = source;
        this.columns = List.copyOf(columns);
        for (Column c : this.columns) {
            if (c.field() >= source.size()) {
                throw new ConnectorException("Sort key column " + c.field() + " is outside the row " + source);
            }
        }
        if (groupColumns < 0 || groupColumns > this.columns.size()) {
            throw new ConnectorException("A sort key of " + this.columns.size() + " columns cannot group on " + groupColumns);
        }
        this.groupColumns = groupColumns;
    }

    /** A key of {@code columns} of rows of {@code source}, grouping on all of them. */
    public static SortKeySpec of(RowSchema source, List<Column> columns) {
        return new SortKeySpec(source, columns, columns.size());
    }

    public static SortKeySpec of(RowSchema source, Column... columns) {
        return of(source, List.of(columns));
    }

    /** All fields of {@code schema}, ascending: the key of a row that is itself the key (GROUP BY, joins). */
    public static SortKeySpec ascending(RowSchema schema) {
        List<Column> cols = new ArrayList<>(schema.size());
        for (int i = 0; i < schema.size(); i++) {
            cols.add(Column.asc(i));
        }
        return of(schema, cols);
    }

    /** The same key, grouping (and partitioning) on its first {@code n} columns only: secondary sort. */
    public SortKeySpec groupedBy(int n) {
        return new SortKeySpec(source, columns, n);
    }

    public static Builder builder(RowSchema source) {
        return new Builder(source);
    }

    public RowSchema source() {
        return source;
    }

    public List<Column> columns() {
        return columns;
    }

    public int groupColumns() {
        return groupColumns;
    }

    /** The schema of the key's columns, in key order: what {@link SortKeyCodec#decode} fills. */
    public RowSchema keySchema() {
        int[] fields = new int[columns.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = columns.get(i).field();
        }
        return source.project(fields);
    }

    /**
     * Textual form: the source schema's text, then the columns as {@code <field><a|d><f|l>} joined
     * by commas, then the group count, separated by {@code |}; e.g. {@code a:int;b:string|1df,0af|1}.
     */
    public String toText() {
        StringBuilder sb = new StringBuilder(source.toText()).append(PART_SEPARATOR);
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            sb.append(i == 0 ? "" : ",").append(c.field()).append(c.descending() ? 'd' : 'a')
                    .append(c.nulls() == NullOrder.FIRST ? 'f' : 'l');
        }
        return sb.append(PART_SEPARATOR).append(groupColumns).toString();
    }

    public static SortKeySpec parse(String text) {
        int last = text.lastIndexOf(PART_SEPARATOR);
        int middle = last <= 0 ? -1 : text.lastIndexOf(PART_SEPARATOR, last - 1);
        if (middle < 0) {
            throw new ConnectorException("Malformed sort key spec '" + text + "': expected schema|columns|groupColumns");
        }
        RowSchema schema = RowSchema.parse(text.substring(0, middle));
        String cols = text.substring(middle + 1, last);
        List<Column> columns = new ArrayList<>();
        try {
            if (!cols.isEmpty()) {
                for (String c : cols.split(",")) {
                    char dir = c.charAt(c.length() - 2);
                    char nulls = c.charAt(c.length() - 1);
                    if ((dir != 'a' && dir != 'd') || (nulls != 'f' && nulls != 'l')) {
                        throw new IllegalArgumentException("column '" + c + "'");
                    }
                    columns.add(new Column(Integer.parseInt(c.substring(0, c.length() - 2)), dir == 'd',
                            nulls == 'f' ? NullOrder.FIRST : NullOrder.LAST));
                }
            }
            return new SortKeySpec(schema, columns, Integer.parseInt(text.substring(last + 1)));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new ConnectorException("Malformed sort key spec '" + text + "': " + e.getMessage(), e);
        }
    }

    public void store(Configuration conf, String key) {
        conf.set(key, toText());
    }

    public static SortKeySpec load(Configuration conf, String key) {
        String text = conf.getRaw(key);
        if (text == null) {
            throw new ConnectorException("No sort key spec in the job configuration under '" + key
                    + "'; store one with SortKeySpec.store(conf, \"" + key + "\")");
        }
        return parse(text);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SortKeySpec s && s.source.equals(source) && s.columns.equals(columns) && s.groupColumns == groupColumns;
    }

    @Override
    public int hashCode() {
        return (source.hashCode() * 31 + columns.hashCode()) * 31 + groupColumns;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ORDER BY ");
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            sb.append(i == 0 ? "" : ", ").append(source.name(c.field())).append(c.descending() ? " DESC" : " ASC")
                    .append(" NULLS ").append(c.nulls());
        }
        return sb.append(" GROUP ON ").append(groupColumns).append(" of ").append(source).toString();
    }

    /** Builds a spec column by column, by field name. */
    public static final class Builder {
        private final RowSchema source;
        private final List<Column> columns = new ArrayList<>();
        private Integer groupColumns;

        private Builder(RowSchema source) {
            this.source = source;
        }

        public Builder asc(String field) {
            columns.add(Column.asc(source.fieldIndex(field)));
            return this;
        }

        public Builder desc(String field) {
            columns.add(Column.desc(source.fieldIndex(field)));
            return this;
        }

        public Builder add(Column column) {
            columns.add(column);
            return this;
        }

        /** NULLs of the last added column come first. */
        public Builder nullsFirst() {
            columns.set(columns.size() - 1, columns.get(columns.size() - 1).nullsFirst());
            return this;
        }

        /** NULLs of the last added column come last. */
        public Builder nullsLast() {
            columns.set(columns.size() - 1, columns.get(columns.size() - 1).nullsLast());
            return this;
        }

        /** Group on the first {@code n} columns (default: all). */
        public Builder groupColumns(int n) {
            groupColumns = n;
            return this;
        }

        public SortKeySpec build() {
            return new SortKeySpec(source, columns, groupColumns == null ? columns.size() : groupColumns);
        }
    }
}
