package org.hadoopdb.catalog.store;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.ser.ToXmlGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.Catalog;

/** Reads and writes the catalog XML format (jackson-dataformat-xml), strictly: unknown elements are errors. */
public final class CatalogXml {
    private static final XmlMapper MAPPER = createMapper();

    private CatalogXml() {
    }

    private static XmlMapper createMapper() {
        XmlMapper mapper = new XmlMapper();
        // Repeated elements without wrappers: <table><column .../><column .../></table>
        mapper.setDefaultUseWrapper(false);
        mapper.enable(SerializationFeature.INDENT_OUTPUT);
        mapper.configure(ToXmlGenerator.Feature.WRITE_XML_DECLARATION, true);
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        return mapper;
    }

    public static void write(Catalog catalog, OutputStream out) throws IOException {
        MAPPER.writeValue(out, catalog);
    }

    public static String toXml(Catalog catalog) {
        try {
            return MAPPER.writeValueAsString(catalog);
        } catch (JsonProcessingException e) {
            throw new CatalogException("Cannot serialize catalog version " + catalog.version() + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Parses a catalog document; errors name {@code source} and the line and column.
     *
     * @param source where the document came from, for messages (a path)
     */
    public static Catalog read(InputStream in, String source) {
        try {
            Catalog catalog = MAPPER.readValue(in, Catalog.class);
            if (catalog == null) {
                throw new CatalogException("Catalog file " + source + " is empty");
            }
            if (catalog.formatVersion() > Catalog.FORMAT_VERSION) {
                throw new CatalogException("Catalog file " + source + " has format version " + catalog.formatVersion()
                        + ", newer than this HadoopDB understands (" + Catalog.FORMAT_VERSION + "): upgrade HadoopDB");
            }
            return catalog;
        } catch (JsonProcessingException e) {
            throw new CatalogException("Cannot read catalog file " + source + at(e) + ": " + describe(e), e);
        } catch (IOException e) {
            throw new CatalogException("Cannot read catalog file " + source + ": " + e.getMessage(), e);
        }
    }

    public static Catalog fromXml(String xml, String source) {
        return read(new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)), source);
    }

    /**
     * Where the problem is: the element path (records are read whole before they are built, so the
     * parser's position can be past the offending element) and the line the parser had reached.
     */
    private static String at(JsonProcessingException e) {
        StringBuilder where = new StringBuilder();
        JsonLocation location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            where.append(" near line ").append(location.getLineNr()).append(", column ").append(location.getColumnNr());
        }
        if (e instanceof JsonMappingException jme && !jme.getPath().isEmpty()) {
            StringBuilder path = new StringBuilder("catalog");
            for (JsonMappingException.Reference ref : jme.getPath()) {
                if (ref.getFieldName() != null) {
                    path.append('/').append(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    path.append('[').append(ref.getIndex() + 1).append(']');
                }
            }
            where.append(where.length() > 0 ? ", " : " ").append("in <").append(path).append('>');
        }
        return where.toString();
    }

    /** Jackson wraps our own validation errors from the model constructors; surface those directly. */
    private static String describe(JsonProcessingException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CatalogException ce) {
                return ce.getMessage();
            }
        }
        return e.getOriginalMessage();
    }
}
