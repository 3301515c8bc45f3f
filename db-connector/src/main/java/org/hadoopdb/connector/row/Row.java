package org.hadoopdb.connector.row;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Objects;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Writable;
import org.hadoopdb.catalog.model.ComplexJson;
import org.hadoopdb.catalog.model.HiveType.Kind;
import org.hadoopdb.connector.ConnectorException;

/**
 * One row of typed values: what flows between the node databases, the map and reduce phases and
 * the client. A mutable, reusable {@link Writable}: Hadoop hands the same object to
 * {@link #readFields} row after row, so a row keeps its schema and buffers and only its values
 * change. Not thread-safe.
 *
 * <p>Values use the Java forms of HadoopDB: {@code Byte}/{@code Short}/{@code Integer}/{@code Long}
 * for TINYINT/SMALLINT/INT/BIGINT, {@code Float}, {@code Double}, {@code BigDecimal} (its scale is
 * kept exactly), {@code String} for STRING/VARCHAR/CHAR, {@code Boolean}, {@code LocalDate},
 * {@code LocalDateTime} and {@code byte[]}, ARRAY and STRUCT as {@code List}, MAP as {@code Map}
 * ({@link ComplexJson}); {@code null} is SQL NULL. Typed accessors
 * ({@link #getLong}, {@link #setLong}, ...) avoid boxing; a primitive getter on a NULL field throws,
 * so check {@link #isNull} first.
 *
 * <h2>Binary encoding</h2>
 * Compact and without type tags: see {@link RowEncoding}.
 *
 * <h2>Schema in MapReduce</h2>
 * Set the schema with the constructor or {@link #setSchema} once per task. Rows that Hadoop creates
 * by reflection (e.g. map output values in the reducer) are {@link Configurable}: they take the
 * schema stored in the job configuration under {@link #SCHEMA_KEY}
 * ({@code schema.store(conf, Row.SCHEMA_KEY)}).
 *
 * <p>Variable-length values (strings, decimals, binary) are kept as their encoded bytes after
 * {@link #readFields} and decoded only when read, so fields that are just passed on cost no
 * decoding.
 */
public final class Row implements Writable, Configurable {

    /**
     * Job configuration key of the schema that reflection-made rows (map output values) take. Per-job
     * state written by the code that sets up a job, not a user setting (so not in {@code ConfigKeys}).
     */
    public static final String SCHEMA_KEY = "hadoopdb.job.row-schema";

    static final int NO_BYTES = -1;

    private Configuration conf;
    RowSchema schema;
    Kind[] kinds;
    boolean[] nulls;
    /** Integers, boolean 0/1, float/double raw bits, epoch day, timestamp epoch second, decimal scale. */
    long[] prims;
    int[] nanos;
    /** Encoded variable-length values: UTF-8, unscaled decimal bytes, binary; valid when {@code byteLens[i] >= 0}. */
    byte[][] bytes;
    int[] byteLens;
    /** Decoded String / BigDecimal, when known. */
    Object[] objs;
    byte[] bitmap;
    private ByteBuilder encoded;

    /** A row without a schema, for Hadoop's reflection; give it one with {@link #setSchema} or the configuration. */
    public Row() {
    }

    /** A row of {@code schema} with every field NULL. */
    public Row(RowSchema schema) {
        setSchema(schema);
    }

    /** A row of {@code schema} holding {@code values} (Java forms as in the class comment). */
    public static Row of(RowSchema schema, Object... values) {
        if (values.length != schema.size()) {
            throw new ConnectorException("Schema " + schema + " has " + schema.size() + " fields, got " + values.length + " values");
        }
        Row row = new Row(schema);
        for (int i = 0; i < values.length; i++) {
            row.set(i, values[i]);
        }
        return row;
    }

    // ---------------------------------------------------------------- schema

    /**
     * Sets the schema and makes every field NULL. Setting an equal schema again only clears the
     * values and keeps the buffers.
     */
    public void setSchema(RowSchema newSchema) {
        Objects.requireNonNull(newSchema, "schema");
        if (newSchema == schema || newSchema.equals(schema)) {
            schema = newSchema;
            clear();
            return;
        }
        int n = newSchema.size();
        schema = newSchema;
        kinds = new Kind[n];
        for (int i = 0; i < n; i++) {
            kinds[i] = newSchema.type(i).kind();
        }
        nulls = new boolean[n];
        prims = new long[n];
        nanos = new int[n];
        bytes = new byte[n][];
        byteLens = new int[n];
        objs = new Object[n];
        bitmap = new byte[(n + 7) >>> 3];
        clear();
    }

    /** The schema, or null before one is set. */
    public RowSchema schema() {
        return schema;
    }

    /** The number of fields; 0 before a schema is set. */
    public int size() {
        return kinds == null ? 0 : kinds.length;
    }

    /** Makes every field NULL. */
    public void clear() {
        Arrays.fill(nulls, true);
        Arrays.fill(objs, null);
        Arrays.fill(byteLens, NO_BYTES);
    }

    @Override
    public void setConf(Configuration configuration) {
        this.conf = configuration;
        if (schema == null && configuration != null && configuration.getRaw(SCHEMA_KEY) != null) {
            setSchema(RowSchema.load(configuration, SCHEMA_KEY));
        }
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    // ---------------------------------------------------------------- getters

    public boolean isNull(int i) {
        return nulls[i];
    }

    /** The value in its Java form (see the class comment), or null. Boxes: prefer the typed getters in loops. */
    public Object get(int i) {
        if (nulls[i]) {
            return null;
        }
        return switch (kinds[i]) {
            case TINYINT -> (byte) prims[i];
            case SMALLINT -> (short) prims[i];
            case INT -> (int) prims[i];
            case BIGINT -> prims[i];
            case FLOAT -> Float.intBitsToFloat((int) prims[i]);
            case DOUBLE -> Double.longBitsToDouble(prims[i]);
            case DECIMAL -> getDecimal(i);
            case STRING, VARCHAR, CHAR -> getString(i);
            case BOOLEAN -> prims[i] != 0;
            case DATE -> getDate(i);
            case TIMESTAMP -> getTimestamp(i);
            case BINARY -> getBinary(i);
            case ARRAY, MAP, STRUCT -> getComplex(i);
        };
    }

    public boolean getBoolean(int i) {
        checkPrimitive(i, kinds[i] == Kind.BOOLEAN, "getBoolean");
        return prims[i] != 0;
    }

    /** A TINYINT. */
    public byte getByte(int i) {
        checkPrimitive(i, kinds[i] == Kind.TINYINT, "getByte");
        return (byte) prims[i];
    }

    /** A TINYINT or SMALLINT. */
    public short getShort(int i) {
        checkPrimitive(i, kinds[i] == Kind.TINYINT || kinds[i] == Kind.SMALLINT, "getShort");
        return (short) prims[i];
    }

    /** A TINYINT, SMALLINT or INT. */
    public int getInt(int i) {
        checkPrimitive(i, kinds[i] == Kind.INT || kinds[i] == Kind.SMALLINT || kinds[i] == Kind.TINYINT, "getInt");
        return (int) prims[i];
    }

    /** Any integer type. */
    public long getLong(int i) {
        checkPrimitive(i, kinds[i].isInteger(), "getLong");
        return prims[i];
    }

    public float getFloat(int i) {
        checkPrimitive(i, kinds[i] == Kind.FLOAT, "getFloat");
        return Float.intBitsToFloat((int) prims[i]);
    }

    /** A DOUBLE, or a FLOAT widened exactly. */
    public double getDouble(int i) {
        if (kinds[i] == Kind.FLOAT) {
            return getFloat(i);
        }
        checkPrimitive(i, kinds[i] == Kind.DOUBLE, "getDouble");
        return Double.longBitsToDouble(prims[i]);
    }

    /** A DECIMAL with the scale it was stored with, or null. */
    public BigDecimal getDecimal(int i) {
        check(i, kinds[i] == Kind.DECIMAL, "getDecimal");
        if (nulls[i]) {
            return null;
        }
        Object o = objs[i];
        if (o == null) {
            o = new BigDecimal(new BigInteger(bytes[i], 0, byteLens[i]), (int) prims[i]);
            objs[i] = o;
        }
        return (BigDecimal) o;
    }

    /** A STRING, VARCHAR or CHAR, or null. */
    public String getString(int i) {
        check(i, kinds[i].isString(), "getString");
        if (nulls[i]) {
            return null;
        }
        Object o = objs[i];
        if (o == null) {
            o = Utf8.decode(bytes[i], 0, byteLens[i]);
            objs[i] = o;
        }
        return (String) o;
    }

    /**
     * An ARRAY or STRUCT ({@code List}) or MAP ({@code Map}) value in its Java form
     * ({@link ComplexJson}), or null. The value is shared with the row: do not change it.
     */
    public Object getComplex(int i) {
        check(i, kinds[i].isComplex(), "getComplex");
        if (nulls[i]) {
            return null;
        }
        Object o = objs[i];
        if (o == null) {
            o = ComplexJson.read(schema.type(i), Utf8.decode(bytes[i], 0, byteLens[i]));
            objs[i] = o;
        }
        return o;
    }

    public LocalDate getDate(int i) {
        check(i, kinds[i] == Kind.DATE, "getDate");
        return nulls[i] ? null : LocalDate.ofEpochDay(prims[i]);
    }

    /** A DATE as days since 1970-01-01, without allocating. */
    public long getEpochDay(int i) {
        checkPrimitive(i, kinds[i] == Kind.DATE, "getEpochDay");
        return prims[i];
    }

    public LocalDateTime getTimestamp(int i) {
        check(i, kinds[i] == Kind.TIMESTAMP, "getTimestamp");
        return nulls[i] ? null : LocalDateTime.ofEpochSecond(prims[i], nanos[i], ZoneOffset.UTC);
    }

    /** A BINARY value as a new array (the row keeps its own buffer), or null. */
    public byte[] getBinary(int i) {
        check(i, kinds[i] == Kind.BINARY, "getBinary");
        return nulls[i] ? null : Arrays.copyOf(bytes[i], byteLens[i]);
    }

    // ---------------------------------------------------------------- setters

    public void setNull(int i) {
        nulls[i] = true;
        objs[i] = null;
        byteLens[i] = NO_BYTES;
    }

    /**
     * Sets a value given in its Java form (exactly the class the field's type uses, e.g.
     * {@code Integer} for INT), or null.
     */
    public void set(int i, Object value) {
        if (value == null) {
            setNull(i);
            return;
        }
        try {
            switch (kinds[i]) {
                case TINYINT -> setLong(i, (Byte) value);
                case SMALLINT -> setLong(i, (Short) value);
                case INT -> setLong(i, (Integer) value);
                case BIGINT -> setLong(i, (Long) value);
                case FLOAT -> setFloat(i, (Float) value);
                case DOUBLE -> setDouble(i, (Double) value);
                case DECIMAL -> setDecimal(i, (BigDecimal) value);
                case STRING, VARCHAR, CHAR -> setString(i, (String) value);
                case BOOLEAN -> setBoolean(i, (Boolean) value);
                case DATE -> setDate(i, (LocalDate) value);
                case TIMESTAMP -> setTimestamp(i, (LocalDateTime) value);
                case BINARY -> setBinary(i, (byte[]) value);
                case ARRAY, MAP, STRUCT -> setComplex(i, value);
            }
        } catch (ClassCastException e) {
            throw new ConnectorException(RowSchema.describe(schema, i) + " takes a " + javaClassOf(kinds[i])
                    + ", got a " + value.getClass().getSimpleName() + " (" + value + ")", e);
        }
    }

    public void setBoolean(int i, boolean v) {
        check(i, kinds[i] == Kind.BOOLEAN, "setBoolean");
        prims[i] = v ? 1 : 0;
        nulls[i] = false;
    }

    /** Sets any integer field; the value must fit the field's type. */
    public void setLong(int i, long v) {
        Kind k = kinds[i];
        check(i, k.isInteger(), "setLong");
        boolean fits = switch (k) {
            case TINYINT -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE;
            case SMALLINT -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE;
            case INT -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
            default -> true;
        };
        if (!fits) {
            throw new ConnectorException("Value " + v + " is out of range for " + RowSchema.describe(schema, i));
        }
        prims[i] = v;
        nulls[i] = false;
    }

    public void setInt(int i, int v) {
        setLong(i, v);
    }

    public void setShort(int i, short v) {
        setLong(i, v);
    }

    public void setByte(int i, byte v) {
        setLong(i, v);
    }

    public void setFloat(int i, float v) {
        check(i, kinds[i] == Kind.FLOAT, "setFloat");
        prims[i] = Float.floatToRawIntBits(v);
        nulls[i] = false;
    }

    public void setDouble(int i, double v) {
        check(i, kinds[i] == Kind.DOUBLE, "setDouble");
        prims[i] = Double.doubleToRawLongBits(v);
        nulls[i] = false;
    }

    /** Sets a DECIMAL, keeping its scale exactly; null sets NULL. */
    public void setDecimal(int i, BigDecimal v) {
        check(i, kinds[i] == Kind.DECIMAL, "setDecimal");
        if (v == null) {
            setNull(i);
            return;
        }
        objs[i] = v;
        prims[i] = v.scale();
        byteLens[i] = NO_BYTES;
        nulls[i] = false;
    }

    /** Sets a STRING, VARCHAR or CHAR; null sets NULL. Lengths are not enforced here: the loader checks them. */
    public void setString(int i, String v) {
        check(i, kinds[i].isString(), "setString");
        if (v == null) {
            setNull(i);
            return;
        }
        objs[i] = v;
        byteLens[i] = NO_BYTES;
        nulls[i] = false;
    }

    public void setDate(int i, LocalDate v) {
        check(i, kinds[i] == Kind.DATE, "setDate");
        if (v == null) {
            setNull(i);
            return;
        }
        setEpochDay(i, v.toEpochDay());
    }

    /** Sets a DATE from days since 1970-01-01. */
    public void setEpochDay(int i, long epochDay) {
        check(i, kinds[i] == Kind.DATE, "setEpochDay");
        prims[i] = epochDay;
        nulls[i] = false;
    }

    public void setTimestamp(int i, LocalDateTime v) {
        check(i, kinds[i] == Kind.TIMESTAMP, "setTimestamp");
        if (v == null) {
            setNull(i);
            return;
        }
        prims[i] = v.toEpochSecond(ZoneOffset.UTC);
        nanos[i] = v.getNano();
        nulls[i] = false;
    }

    /**
     * Sets an ARRAY or STRUCT ({@code List}) or MAP ({@code Map}) value in its Java form; null sets NULL.
     * The row keeps the object: do not change it afterwards.
     */
    public void setComplex(int i, Object v) {
        check(i, kinds[i].isComplex(), "setComplex");
        if (v == null) {
            setNull(i);
            return;
        }
        objs[i] = v;
        byteLens[i] = NO_BYTES;
        nulls[i] = false;
    }

    /** Sets an ARRAY, MAP or STRUCT from its stored JSON text ({@link ComplexJson}, any spacing); null sets NULL. */
    public void setComplexJson(int i, String json) {
        check(i, kinds[i].isComplex(), "setComplexJson");
        setComplex(i, json == null ? null : ComplexJson.read(schema.type(i), json));
    }

    /** Sets a BINARY value (copied); null sets NULL. */
    public void setBinary(int i, byte[] v) {
        check(i, kinds[i] == Kind.BINARY, "setBinary");
        if (v == null) {
            setNull(i);
            return;
        }
        setBytes(i, v, 0, v.length);
        nulls[i] = false;
    }

    /** Copies every value of {@code other}, which must have an equal schema; buffers are reused. */
    public void copyFrom(Row other) {
        if (other == this) {
            return;
        }
        if (!other.schema.equals(schema)) {
            throw new ConnectorException("Cannot copy a row of schema " + other.schema + " into a row of schema " + schema);
        }
        System.arraycopy(other.nulls, 0, nulls, 0, nulls.length);
        System.arraycopy(other.prims, 0, prims, 0, prims.length);
        System.arraycopy(other.nanos, 0, nanos, 0, nanos.length);
        System.arraycopy(other.objs, 0, objs, 0, objs.length);
        for (int i = 0; i < byteLens.length; i++) {
            if (other.byteLens[i] >= 0) {
                setBytes(i, other.bytes[i], 0, other.byteLens[i]);
            } else {
                byteLens[i] = NO_BYTES;
            }
        }
    }

    /**
     * Roughly the heap bytes this row's values take: for operators that keep rows within a memory
     * budget (a join's buffered side), not an exact figure.
     */
    public long estimatedBytes() {
        long n = 64 + 24L * nulls.length;
        for (int len : byteLens) {
            if (len > 0) {
                n += len;
            }
        }
        return n;
    }

    /**
     * The length in bytes of this row's binary encoding ({@link #write}), computed without encoding it:
     * what chunk reads count as the bytes they read from a node.
     */
    public long encodedLength() {
        requireSchema();
        return RowEncoding.length(this);
    }

    /** A deep copy with the same schema. */
    public Row copy() {
        Row r = new Row(schema);
        r.copyFrom(this);
        return r;
    }

    // ---------------------------------------------------------------- raw access for the encoders of this package

    long rawPrimitive(int i) {
        return prims[i];
    }

    int rawNanos(int i) {
        return nanos[i];
    }

    /** The encoded bytes of a STRING (UTF-8), DECIMAL (unscaled) or BINARY field, computing them if needed. */
    byte[] rawBytes(int i) {
        ensureBytes(i);
        return bytes[i];
    }

    /** The length of {@link #rawBytes}. */
    int rawLength(int i) {
        ensureBytes(i);
        return byteLens[i];
    }

    /** Sets a STRING (UTF-8) or BINARY field from encoded bytes (copied); strings decode when read. */
    void setRawBytes(int i, byte[] src, int off, int len) {
        setBytes(i, src, off, len);
        objs[i] = null;
        nulls[i] = false;
    }

    /** Sets a primitive-backed field (integers, DATE, TIMESTAMP seconds and nanos) without checks. */
    void setRaw(int i, long prim, int nano) {
        prims[i] = prim;
        nanos[i] = nano;
        objs[i] = null;
        byteLens[i] = NO_BYTES;
        nulls[i] = false;
    }

    /** Takes a binary value the caller hands over (no copy). */
    void setBinaryOwned(int i, byte[] v) {
        bytes[i] = v;
        byteLens[i] = v.length;
        objs[i] = null;
        nulls[i] = false;
    }

    private void setBytes(int i, byte[] src, int off, int len) {
        byte[] b = bytes[i];
        if (b == null || b.length < len) {
            b = new byte[len];
            bytes[i] = b;
        }
        System.arraycopy(src, off, b, 0, len);
        byteLens[i] = len;
    }

    void ensureBytes(int i) {
        if (byteLens[i] >= 0) {
            return;
        }
        Object o = objs[i];
        if (o instanceof String s) {
            byte[] b = bytes[i];
            int max = Utf8.maxEncodedLength(s);
            if (b == null || b.length < max) {
                b = new byte[Math.max(max, 16)];
                bytes[i] = b;
            }
            byteLens[i] = Utf8.encode(s, b);
        } else if (kinds[i].isComplex()) {
            byte[] b = ComplexJson.write(schema.type(i), o).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            bytes[i] = b;
            byteLens[i] = b.length;
        } else if (o instanceof BigDecimal d) {
            byte[] b = d.unscaledValue().toByteArray();
            bytes[i] = b;
            byteLens[i] = b.length;
        } else {
            throw new IllegalStateException("field " + i + " has no value to encode");
        }
    }

    // ---------------------------------------------------------------- Writable

    @Override
    public void write(DataOutput out) throws IOException {
        requireSchema();
        ByteBuilder b = encoded;
        if (b == null) {
            b = new ByteBuilder(64);
            encoded = b;
        }
        b.reset();
        encodeTo(b);
        out.write(b.array(), 0, b.length());
    }

    /** Appends the binary encoding ({@link RowEncoding}) to {@code b}. */
    void encodeTo(ByteBuilder b) {
        RowEncoding.encode(this, b);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        requireSchema();
        RowEncoding.decode(this, in);
    }

    // ---------------------------------------------------------------- Object

    /**
     * Equal when the schemas are equal and every value is: floating point by bits (NaN equals NaN,
     * -0.0 differs from 0.0), DECIMAL with its scale (1.50 differs from 1.5), as the encoding keeps
     * them. For SQL comparison semantics use {@link SortKey}.
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Row r)) {
            return false;
        }
        if (schema == null || r.schema == null || !schema.equals(r.schema)) {
            return schema == null && r.schema == null;
        }
        for (int i = 0; i < kinds.length; i++) {
            if (nulls[i] != r.nulls[i]) {
                return false;
            }
            if (nulls[i]) {
                continue;
            }
            boolean same = switch (kinds[i]) {
                case TIMESTAMP -> prims[i] == r.prims[i] && nanos[i] == r.nanos[i];
                case DECIMAL -> getDecimal(i).equals(r.getDecimal(i));
                case STRING, VARCHAR, CHAR, BINARY, ARRAY, MAP, STRUCT -> Arrays.equals(rawBytes(i), 0, rawLength(i), r.rawBytes(i), 0, r.rawLength(i));
                default -> prims[i] == r.prims[i];
            };
            if (!same) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        if (schema == null) {
            return 0;
        }
        int h = 1;
        for (int i = 0; i < kinds.length; i++) {
            int v;
            if (nulls[i]) {
                v = 0;
            } else {
                v = switch (kinds[i]) {
                    case TIMESTAMP -> Long.hashCode(prims[i]) * 31 + nanos[i];
                    case DECIMAL -> getDecimal(i).hashCode();
                    case STRING, VARCHAR, CHAR, BINARY, ARRAY, MAP, STRUCT -> hashBytes(rawBytes(i), rawLength(i));
                    default -> Long.hashCode(prims[i]);
                };
            }
            h = 31 * h + v;
        }
        return h;
    }

    private static int hashBytes(byte[] b, int len) {
        int h = 1;
        for (int i = 0; i < len; i++) {
            h = 31 * h + b[i];
        }
        return h;
    }

    /** The row as Hive's command line prints it: values separated by tabs, NULL as {@code NULL}. */
    @Override
    public String toString() {
        if (schema == null) {
            return "<row without schema>";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < kinds.length; i++) {
            if (i > 0) {
                sb.append('\t');
            }
            if (nulls[i]) {
                sb.append("NULL");
            } else {
                HiveText.append(sb, schema.type(i), get(i));
            }
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- checks

    private void requireSchema() {
        if (schema == null) {
            throw new ConnectorException("This Row has no schema: call setSchema, or store the schema in the job"
                    + " configuration under '" + SCHEMA_KEY + "' with schema.store(conf, Row.SCHEMA_KEY)");
        }
    }

    private void check(int i, boolean typeMatches, String accessor) {
        if (!typeMatches) {
            throw new ConnectorException(RowSchema.describe(schema, i) + " cannot be accessed with " + accessor
                    + "; it holds a " + javaClassOf(kinds[i]));
        }
    }

    private void checkPrimitive(int i, boolean typeMatches, String accessor) {
        check(i, typeMatches, accessor);
        if (nulls[i]) {
            throw new ConnectorException(RowSchema.describe(schema, i) + " is NULL; check isNull(" + i + ") before " + accessor);
        }
    }

    static String javaClassOf(Kind kind) {
        return switch (kind) {
            case TINYINT -> "Byte";
            case SMALLINT -> "Short";
            case INT -> "Integer";
            case BIGINT -> "Long";
            case FLOAT -> "Float";
            case DOUBLE -> "Double";
            case DECIMAL -> "BigDecimal";
            case STRING, VARCHAR, CHAR -> "String";
            case BOOLEAN -> "Boolean";
            case DATE -> "LocalDate";
            case TIMESTAMP -> "LocalDateTime";
            case BINARY -> "byte[]";
            case ARRAY, STRUCT -> "List";
            case MAP -> "Map";
        };
    }
}
