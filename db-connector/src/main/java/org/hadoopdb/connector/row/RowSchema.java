package org.hadoopdb.connector.row;

import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.ConnectorException;

/**
 * The ordered, typed fields of a {@link Row}: what a query result, a table or a shuffle value
 * holds. A schema is set once per task on the rows it describes, so row encodings carry no type
 * information of their own.
 *
 * <p>Immutable. It has a compact textual form ({@link #toText()}, e.g.
 * {@code id:int;price:decimal(10,2);name:string}) for a Hadoop {@link Configuration}, and it is a
 * {@link Writable}; because Hadoop creates writables empty and then fills them, the public no-arg
 * constructor makes a placeholder that {@link #readFields} may fill exactly once.
 *
 * <p>Field names are kept as given (result columns may repeat a name, as in
 * {@code SELECT a, a FROM t}); lookups by name are case-insensitive, as in HiveQL.
 */
public final class RowSchema implements Writable {
    /** How {@link #store} writes a schema without fields (e.g. the rows of a COUNT(*) shuffle). */
    static final String NO_FIELDS = "(no fields)";

    /** One field: its name and HiveQL type. */
    public record Field(String name, HiveType type) {
        public Field {
            if (name == null || name.isEmpty()) {
                throw new ConnectorException("A row field has no name");
            }
            if (type == null) {
                throw new ConnectorException("Row field '" + name + "' has no type");
            }
        }

        @Override
        public String toString() {
            return name + " " + type;
        }
    }

    private static final char FIELD_SEPARATOR = ';';
    private static final char TYPE_SEPARATOR = ':';

    private List<Field> fields;
    private boolean sealed;
    private int hash;

    /** For Hadoop's reflection only: an empty placeholder that {@link #readFields} fills once. */
    public RowSchema() {
        this.fields = List.of();
    }

    private RowSchema(List<Field> fields) {
        this.fields = List.copyOf(fields);
        this.sealed = true;
    }

    public static RowSchema of(List<Field> fields) {
        return new RowSchema(fields);
    }

    public static RowSchema of(Field... fields) {
        return new RowSchema(List.of(fields));
    }

    /** The columns of a catalog table, in order. */
    public static RowSchema of(TableInfo table) {
        return ofColumns(table.columns());
    }

    public static RowSchema ofColumns(List<ColumnInfo> columns) {
        List<Field> out = new ArrayList<>(columns.size());
        for (ColumnInfo c : columns) {
            out.add(new Field(c.name(), c.type()));
        }
        return new RowSchema(out);
    }

    public static Builder builder() {
        return new Builder();
    }

    public int size() {
        return fields.size();
    }

    public List<Field> fields() {
        return fields;
    }

    public Field field(int index) {
        return fields.get(index);
    }

    public String name(int index) {
        return fields.get(index).name();
    }

    public HiveType type(int index) {
        return fields.get(index).type();
    }

    public List<HiveType> types() {
        return fields.stream().map(Field::type).toList();
    }

    public List<String> names() {
        return fields.stream().map(Field::name).toList();
    }

    /** Position of the first field named {@code name} (case-insensitive), or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Position of the first field named {@code name}; a {@link ConnectorException} suggesting the closest name otherwise. */
    public int fieldIndex(String name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new ConnectorException("The row has no field '" + name + "'" + Names.didYouMean(name, names())
                    + "; fields: " + this);
        }
        return i;
    }

    /** The schema of the given fields, in the given order. */
    public RowSchema project(int... indexes) {
        List<Field> out = new ArrayList<>(indexes.length);
        for (int i : indexes) {
            out.add(field(i));
        }
        return new RowSchema(out);
    }

    /**
     * The compact textual form, e.g. {@code id:int;price:decimal(10,2)}; {@link #parse} reads it
     * back. Names are %-escaped outside {@code [A-Za-z0-9_]} so any name survives.
     */
    public String toText() {
        StringBuilder sb = new StringBuilder(fields.size() * 12);
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(FIELD_SEPARATOR);
            }
            escapeName(fields.get(i).name(), sb);
            sb.append(TYPE_SEPARATOR).append(fields.get(i).type());
        }
        return sb.toString();
    }

    /** Reads the form written by {@link #toText()}. */
    public static RowSchema parse(String text) {
        if (text == null) {
            throw new ConnectorException("Missing row schema text");
        }
        List<Field> out = new ArrayList<>();
        if (text.isEmpty() || text.equals(NO_FIELDS)) {
            return new RowSchema(out);
        }
        for (String part : text.split(String.valueOf(FIELD_SEPARATOR), -1)) {
            int colon = part.indexOf(TYPE_SEPARATOR);
            if (colon <= 0) {
                throw new ConnectorException("Malformed row schema '" + text + "': expected name:type, got '" + part + "'");
            }
            try {
                out.add(new Field(unescapeName(part.substring(0, colon)), HiveType.parse(part.substring(colon + 1))));
            } catch (CatalogException | IllegalArgumentException e) {
                throw new ConnectorException("Malformed row schema '" + text + "': " + e.getMessage(), e);
            }
        }
        return new RowSchema(out);
    }

    /**
     * Stores the textual form under {@code key}, for the tasks of a job. A schema without fields is
     * stored as {@value #NO_FIELDS}: a job configuration file drops empty values.
     */
    public void store(Configuration conf, String key) {
        conf.set(key, fields.isEmpty() ? NO_FIELDS : toText());
    }

    /** The schema stored under {@code key} by {@link #store}; an error naming the key when it is absent. */
    public static RowSchema load(Configuration conf, String key) {
        String text = conf.getRaw(key);
        if (text == null) {
            throw new ConnectorException("No row schema in the job configuration under '" + key
                    + "'; store one with RowSchema.store(conf, \"" + key + "\")");
        }
        return parse(text);
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, fields.size());
        for (Field f : fields) {
            Text.writeString(out, f.name());
            Text.writeString(out, f.type().toString());
        }
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        if (sealed) {
            throw new ConnectorException("A RowSchema is immutable: readFields may only fill a placeholder made with"
                    + " new RowSchema(); use RowSchema.read(in) instead");
        }
        fields = readFieldList(in);
        sealed = true;
        hash = 0;
    }

    /** Reads a schema written by {@link #write}. */
    public static RowSchema read(DataInput in) throws IOException {
        return new RowSchema(readFieldList(in));
    }

    private static List<Field> readFieldList(DataInput in) throws IOException {
        int n = WritableUtils.readVInt(in);
        if (n < 0) {
            throw new IOException("Malformed row schema: negative field count " + n);
        }
        List<Field> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String name = Text.readString(in);
            String type = Text.readString(in);
            try {
                out.add(new Field(name, HiveType.parse(type)));
            } catch (CatalogException | ConnectorException e) {
                throw new IOException("Malformed row schema: field " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(out);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof RowSchema s && s.fields.equals(fields);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = fields.hashCode();
            hash = h;
        }
        return h;
    }

    /** Readable form, e.g. {@code (id int, price decimal(10,2))}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < fields.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(fields.get(i));
        }
        return sb.append(')').toString();
    }

    private static void escapeName(String name, StringBuilder sb) {
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') {
                sb.append(c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
    }

    private static String unescapeName(String escaped) {
        if (escaped.indexOf('%') < 0) {
            return escaped;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(escaped.length());
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            if (c == '%') {
                if (i + 2 >= escaped.length()) {
                    throw new IllegalArgumentException("truncated escape in field name '" + escaped + "'");
                }
                bytes.write(Integer.parseInt(escaped.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Builds a schema field by field. */
    public static final class Builder {
        private final List<Field> fields = new ArrayList<>();

        private Builder() {
        }

        public Builder add(String name, HiveType type) {
            fields.add(new Field(name, type));
            return this;
        }

        /** Adds a field whose type is given in HiveQL spelling, e.g. {@code "decimal(10,2)"}. */
        public Builder add(String name, String type) {
            try {
                return add(name, HiveType.parse(type));
            } catch (CatalogException e) {
                throw new ConnectorException("Field '" + name + "': " + e.getMessage(), e);
            }
        }

        public RowSchema build() {
            return new RowSchema(fields);
        }
    }

    /** How messages name a field: position, name and type. */
    static String describe(RowSchema schema, int index) {
        return "field " + (index + 1) + " '" + schema.name(index) + "' (" + schema.type(index) + ")";
    }
}
