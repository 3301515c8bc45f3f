package org.hadoopdb.planner.plan;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.PlannerException;

/** Plans as JSON, to travel to the tasks in the job configuration. */
public final class PlanCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new SimpleModule("hadoopdb-plan")
            .addSerializer(RowSchema.class, new JsonSerializer<>() {
                @Override
                public void serialize(RowSchema v, JsonGenerator g, SerializerProvider p) throws IOException {
                    g.writeString(v.toText());
                }
            })
            .addDeserializer(RowSchema.class, new JsonDeserializer<>() {
                @Override
                public RowSchema deserialize(JsonParser p, DeserializationContext c) throws IOException {
                    return RowSchema.parse(p.getValueAsString());
                }
            })
            .addSerializer(SortKeySpec.class, new JsonSerializer<>() {
                @Override
                public void serialize(SortKeySpec v, JsonGenerator g, SerializerProvider p) throws IOException {
                    g.writeString(v.toText());
                }
            })
            .addDeserializer(SortKeySpec.class, new JsonDeserializer<>() {
                @Override
                public SortKeySpec deserialize(JsonParser p, DeserializationContext c) throws IOException {
                    return SortKeySpec.parse(p.getValueAsString());
                }
            }));

    private PlanCodec() {
    }

    public static String toJson(Object planPart) {
        try {
            return MAPPER.writeValueAsString(planPart);
        } catch (JsonProcessingException e) {
            throw new PlannerException("Cannot encode the plan: " + e.getOriginalMessage(), e);
        }
    }

    public static <T> T fromJson(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new PlannerException("Cannot decode the plan: " + e.getOriginalMessage(), e);
        }
    }
}
