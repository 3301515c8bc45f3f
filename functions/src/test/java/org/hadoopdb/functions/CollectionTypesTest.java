package org.hadoopdb.functions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** Hive's typing of values in arrays, maps and structs: common types, implicit conversions, order, names. */
class CollectionTypesTest {
    private final RelDataTypeFactory f = new JavaTypeFactoryImpl(Validation.HIVE_LIMITS);

    private RelDataType t(SqlTypeName name) {
        return f.createSqlType(name);
    }

    private RelDataType decimal(int p, int s) {
        return f.createSqlType(SqlTypeName.DECIMAL, p, s);
    }

    private RelDataType varchar(int n) {
        return f.createSqlType(SqlTypeName.VARCHAR, n);
    }

    private RelDataType array(RelDataType element) {
        return f.createArrayType(element, -1);
    }

    private String common(RelDataType... types) {
        RelDataType c = CollectionTypes.common(Arrays.asList(types), f);
        return c == null ? null : CollectionTypes.hiveName(c);
    }

    @Test
    void numbersMeetOnHivesLadder() {
        assertThat(common(t(SqlTypeName.TINYINT), t(SqlTypeName.INTEGER))).isEqualTo("int");
        assertThat(common(t(SqlTypeName.INTEGER), t(SqlTypeName.BIGINT))).isEqualTo("bigint");
        assertThat(common(t(SqlTypeName.BIGINT), t(SqlTypeName.REAL))).isEqualTo("float");
        assertThat(common(t(SqlTypeName.REAL), t(SqlTypeName.DOUBLE))).isEqualTo("double");
        assertThat(common(t(SqlTypeName.INTEGER), decimal(5, 2))).isEqualTo("decimal(12,2)"); // 10 integer digits + 2
        assertThat(common(decimal(3, 1), decimal(4, 3))).isEqualTo("decimal(5,3)");
        assertThat(common(t(SqlTypeName.BIGINT), decimal(38, 10))).isEqualTo("decimal(38,10)"); // capped at 38 digits
    }

    @Test
    void aDecimalMeetingAnInexactNumberIsADouble() {
        assertThat(common(decimal(5, 2), t(SqlTypeName.DOUBLE))).isEqualTo("double");
        assertThat(common(t(SqlTypeName.REAL), decimal(5, 2))).isEqualTo("double");
    }

    @Test
    void textMeetingNumbersOrDatesIsAString() {
        assertThat(common(t(SqlTypeName.INTEGER), t(SqlTypeName.VARCHAR))).isEqualTo("string");
        assertThat(common(t(SqlTypeName.DATE), f.createSqlType(SqlTypeName.CHAR, 3))).isEqualTo("string");
        assertThat(common(varchar(5), varchar(10))).isEqualTo("varchar(10)");
        assertThat(common(varchar(5), t(SqlTypeName.VARCHAR))).isEqualTo("string");
        // a string literal is CHAR(n) to Calcite and STRING to Hive
        assertThat(common(f.createSqlType(SqlTypeName.CHAR, 1), f.createSqlType(SqlTypeName.CHAR, 2))).isEqualTo("string");
    }

    @Test
    void nullsTakeTheOthersTypeAndAloneAreStrings() {
        assertThat(common(t(SqlTypeName.NULL), t(SqlTypeName.BIGINT), t(SqlTypeName.NULL))).isEqualTo("bigint");
        assertThat(common(t(SqlTypeName.NULL))).isEqualTo("string");
        assertThat(common()).isEqualTo("string");
    }

    @Test
    void datesMeetTimestampsAsTimestamps() {
        assertThat(common(t(SqlTypeName.DATE), f.createSqlType(SqlTypeName.TIMESTAMP, 6))).isEqualTo("timestamp");
    }

    @Test
    void unrelatedTypesHaveNoCommonType() {
        assertThat(common(t(SqlTypeName.BOOLEAN), t(SqlTypeName.INTEGER))).isNull();
        assertThat(common(t(SqlTypeName.VARBINARY), t(SqlTypeName.VARCHAR))).isNull();
        // complex values are never converted, as in Hive
        assertThat(common(array(t(SqlTypeName.INTEGER)), array(t(SqlTypeName.BIGINT)))).isNull();
        assertThat(common(array(t(SqlTypeName.INTEGER)), t(SqlTypeName.VARCHAR))).isNull();
        assertThat(common(array(t(SqlTypeName.INTEGER)), f.createTypeWithNullability(array(t(SqlTypeName.INTEGER)), true)))
                .isEqualTo("array<int>");
    }

    @Test
    void implicitConversionsFollowHive() {
        assertThat(CollectionTypes.convertible(t(SqlTypeName.INTEGER), t(SqlTypeName.BIGINT), f)).isTrue();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.SMALLINT), t(SqlTypeName.INTEGER), f)).isTrue();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.BIGINT), t(SqlTypeName.INTEGER), f)).isFalse();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.DOUBLE), t(SqlTypeName.REAL), f)).isFalse();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.INTEGER), t(SqlTypeName.VARCHAR), f)).isTrue();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.VARCHAR), t(SqlTypeName.DOUBLE), f)).isTrue();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.VARCHAR), decimal(10, 2), f)).isTrue();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.VARCHAR), t(SqlTypeName.INTEGER), f)).isFalse();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.VARCHAR), t(SqlTypeName.DATE), f)).isTrue();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.BOOLEAN), t(SqlTypeName.INTEGER), f)).isFalse();
        assertThat(CollectionTypes.convertible(t(SqlTypeName.NULL), array(t(SqlTypeName.INTEGER)), f)).isTrue();
        assertThat(CollectionTypes.convertible(array(t(SqlTypeName.INTEGER)), array(t(SqlTypeName.BIGINT)), f)).isFalse();
    }

    @Test
    void everythingButMapsCanBeOrdered() {
        RelDataType map = f.createMapType(t(SqlTypeName.VARCHAR), t(SqlTypeName.INTEGER));
        RelDataType struct = f.createStructType(java.util.List.of(t(SqlTypeName.INTEGER), map), java.util.List.of("a", "m"));
        assertThat(CollectionTypes.orderable(t(SqlTypeName.DOUBLE))).isTrue();
        assertThat(CollectionTypes.orderable(array(array(t(SqlTypeName.VARCHAR))))).isTrue();
        assertThat(CollectionTypes.orderable(map)).isFalse();
        assertThat(CollectionTypes.orderable(array(map))).isFalse();
        assertThat(CollectionTypes.orderable(struct)).isFalse();
    }

    @Test
    void typesAreSpelledAsHiveQlSpellsThem() {
        RelDataType struct = f.createStructType(java.util.List.of(t(SqlTypeName.INTEGER), array(t(SqlTypeName.VARCHAR))),
                java.util.List.of("a", "tags"));
        assertThat(CollectionTypes.hiveName(f.createMapType(t(SqlTypeName.BIGINT), struct)))
                .isEqualTo("map<bigint,struct<a:int,tags:array<string>>>");
        assertThat(CollectionTypes.hiveName(f.createSqlType(SqlTypeName.TIMESTAMP, 6))).isEqualTo("timestamp");
        assertThat(CollectionTypes.hiveName(t(SqlTypeName.VARBINARY))).isEqualTo("binary");
        assertThat(CollectionTypes.hiveName(varchar(7))).isEqualTo("varchar(7)");
    }
}
